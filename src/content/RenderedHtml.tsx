// The one place server-rendered article HTML enters the page. The server escapes everything the
// author wrote before adding its own few tags (server/content/markup.ts), and the page's content
// security policy runs no inline script even if something slipped through.
import './content.css';

export function RenderedHtml(props: { html: string; testId?: string }) {
  return (
    <div
      className="rich-text"
      data-testid={props.testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped and rendered by the server's markup.ts, the only producer of this HTML
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
