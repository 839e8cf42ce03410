// The one place server-rendered article HTML enters the page. The server renders the author's
// Markdown with author HTML escaped and unsafe links refused (server/content/markup.ts), and the
// page's content security policy runs no inline script even if something slipped through.
import './content.css';

export function RenderedHtml(props: { html: string; testId?: string }) {
  return (
    <div
      className="rich-text"
      data-testid={props.testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered with author HTML escaped by the server's markup.ts, the only producer of this HTML
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
