// Article and document bodies are a small Markdown subset rendered here to HTML. Everything the
// author wrote is escaped first, so the only markup in the output is the handful of tags this file
// emits: no author-supplied tag, attribute or script can reach a page (docs/content.md).

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** Links may leave only for the web or mail, or stay on the site; `javascript:` and the like stay text. */
const safeUrl = /^(https?:\/\/|mailto:|\/)[^\s"'<>`]*$/i;

/** Bold, italics and links inside one escaped line. */
function inline(escaped: string): string {
  return escaped
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, url: string) => {
      // The URL was escaped with the rest: undo `&amp;` only to test it, never to emit it.
      const raw = url.replace(/&amp;/g, '&');
      if (!safeUrl.test(raw)) return whole;
      return `<a href="${url}" rel="noopener noreferrer" target="_blank">${label}</a>`;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
}

function block(lines: string[]): string {
  const first = lines[0] ?? '';
  const heading = /^(#{1,3})\s+(.*)$/.exec(first);
  if (heading && lines.length === 1) {
    // `#` is the page's own title level; article headings start one below it.
    const level = (heading[1]?.length ?? 1) + 1;
    return `<h${level}>${inline(escapeHtml(heading[2] ?? ''))}</h${level}>`;
  }
  if (lines.every((line) => /^[-*]\s+/.test(line))) {
    const items = lines.map(
      (line) => `<li>${inline(escapeHtml(line.replace(/^[-*]\s+/, '')))}</li>`,
    );
    return `<ul>${items.join('')}</ul>`;
  }
  return `<p>${lines.map((line) => inline(escapeHtml(line))).join('<br>')}</p>`;
}

/** The body as HTML: blank lines separate blocks; headings, lists and paragraphs. */
export function renderMarkup(body: string): string {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else {
      current.push(trimmed);
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks.map(block).join('\n');
}

/** A list summary: the body's text without markup, on one line, cut at a word. */
export function plainSummary(body: string, max = 140): string {
  const text = body
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,3}|[-*])\s+/gm, '')
    .replace(/\*+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
