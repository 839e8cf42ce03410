// The article renderer: the Markdown it renders, headings one level below the page's title, links
// that open safely, and that nothing the author writes becomes markup of its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainSummary, renderMarkup } from '../../server/content/markup.ts';

/** A tag the renderer wrote that carries an event handler (escaped text has no `<`). */
const handlerAttribute = /<[^>]*\son\w+\s*=/i;

describe('renderMarkup', () => {
  it('renders headings one level below the title, paragraphs, emphasis, lists and safe links', () => {
    const html = renderMarkup(
      '# Title\n\n## Part\n\nLine one\nline **two** and *three*\n\n- a\n- [b](https://x.test/?q=1&r=2)\n\n1. first\n2. second',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<h3>Part</h3>',
        '<p>Line one<br>',
        'line <strong>two</strong> and <em>three</em></p>',
        '<ul>',
        '<li>a</li>',
        '<li><a href="https://x.test/?q=1&amp;r=2" rel="noopener noreferrer" target="_blank">b</a></li>',
        '</ul>',
        '<ol>',
        '<li>first</li>',
        '<li>second</li>',
        '</ol>',
        '',
      ].join('\n'),
    );
  });

  it('keeps the deepest heading at h6', () => {
    expect(renderMarkup('###### Small')).toBe('<h6>Small</h6>\n');
  });

  it('renders a table', () => {
    const html = renderMarkup('| Fee | Rate |\n|---|---|\n| maker | 0.1% |');
    expect(html).toContain('<th>Fee</th>');
    expect(html).toContain('<td>0.1%</td>');
  });

  it('links to the web, mail and the site itself, each opening safely', () => {
    const html = renderMarkup('[a](https://x.test) [b](mailto:help@x.test) [c](/pages/ks/index)');
    expect(html.match(/rel="noopener noreferrer" target="_blank"/g)).toHaveLength(3);
  });

  it.each([
    ['a script', '<script>window.__pwned = 1</script>'],
    ['an image with a handler', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '[x](javascript:alert(1))'],
    ['a javascript: link in other case and with an entity', '[x](JaVaScRiPt&#58;alert(1))'],
    ['a data: link', '[x](data:text/html,<script>alert(1)</script>)'],
    ['a vbscript: link', '[x](vbscript:msgbox(1))'],
    ['a link breaking out of its attribute', '[x](https://ok.test/" onclick="alert(1))'],
    ['raw HTML', '<a href="javascript:alert(1)">x</a><div style="x">y</div>'],
    ['an image', '![x](https://tracker.test/pixel.png)'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
  ])('keeps %s inert', (_name, payload) => {
    const html = renderMarkup(payload);
    expect(html).not.toMatch(/<(script|img|div|iframe)/i);
    expect(html).not.toMatch(/href="(?!https:|mailto:|\/)/i);
    expect(html).not.toMatch(handlerAttribute);
  });

  it('shows author HTML as its text', () => {
    expect(renderMarkup('<b>x</b>')).toBe('<p>&lt;b&gt;x&lt;/b&gt;</p>\n');
  });

  it('writes no script and no event handler for any input', () => {
    const pieces = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      ' onclick="x"',
      '[',
      '](',
      ')',
      'javascript:',
      '"',
      "'",
      '`',
      '<',
      '>',
      '**',
      '# ',
      '\n',
      '- ',
      '| a |',
      '![',
      'https://x.test/',
    );
    const source = fc.oneof(
      fc.string(),
      fc
        .array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 30 })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(source, (body) => {
        const html = renderMarkup(body);
        expect(html).not.toMatch(/<script/i);
        expect(html).not.toMatch(handlerAttribute);
        expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
      }),
      { numRuns: 500 },
    );
  });
});

describe('plainSummary', () => {
  it('summarises as one line of plain text, cut at a word', () => {
    expect(plainSummary('# Hi\n\n**Bold** [link](https://x.test)\n- item')).toBe(
      'Hi Bold link item',
    );
    expect(plainSummary(`${'word '.repeat(50)}`, 20)).toBe('word word word word…');
  });
});
