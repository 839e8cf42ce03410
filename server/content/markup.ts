// Article and document bodies are Markdown, rendered here to HTML by markdown-it on the server, so
// the phone downloads no parser. Author HTML is never markup: with `html: false` a tag the author
// writes comes out escaped as text, and a link goes out only to the web, mail or the site itself
// (docs/content.md § Format and safety; why this library, docs/decisions.md § Articles).
import MarkdownIt from 'markdown-it';

/** Links may leave only for the web or mail, or stay on the site; `javascript:` and the like stay text. */
const safeLink = /^(https?:\/\/|mailto:|\/|#)/i;

const markdown = new MarkdownIt('default', {
  // Author HTML is escaped, never passed through.
  html: false,
  // A single line break stays a line break, as operators write short notices line by line.
  breaks: true,
  linkify: false,
  typographer: false,
});

// Images would let an author make every reader's phone call a host of the author's choosing.
markdown.disable('image');

// markdown-it's own check (no `javascript:`, `vbscript:`, `file:`, `data:`) and the site's list.
const libraryValidLink = markdown.validateLink.bind(markdown);
markdown.validateLink = (url) => libraryValidLink(url) && safeLink.test(url.trim());

// `#` is the page's own title level; the body's headings start one below it.
markdown.core.ruler.push('headings_below_title', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      token.tag = `h${Math.min(Number(token.tag.slice(1)) + 1, 6)}`;
    }
  }
});

// A link opens apart from the app and tells the page it leads to nothing about the reader.
markdown.renderer.rules.link_open = (tokens, index, options, _env, renderer) => {
  const token = tokens[index];
  token?.attrSet('rel', 'noopener noreferrer');
  token?.attrSet('target', '_blank');
  return renderer.renderToken(tokens, index, options);
};

/** The body as HTML: CommonMark with tables and strikethrough, headings one level down. */
export function renderMarkup(body: string): string {
  return markdown.render(body);
}

/** The words of a Markdown body, without markup, one block after another. */
function plainText(body: string): string {
  const parts: string[] = [];
  for (const token of markdown.parse(body, {})) {
    if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
    if (token.type !== 'inline') continue;
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
      if (child.type === 'softbreak' || child.type === 'hardbreak') parts.push(' ');
    }
    parts.push(' ');
  }
  return parts.join('');
}

/** A list summary: the body's text without markup, on one line, cut at a word. */
export function plainSummary(body: string, max = 140): string {
  const text = plainText(body).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
