// The article renderer: the Markdown subset it supports, and that nothing the author writes
// becomes markup of its own.
import { describe, expect, it } from 'vitest';
import { plainSummary, renderMarkup } from '../../server/content/markup.ts';

describe('renderMarkup', () => {
  it('renders headings, lists, paragraphs, emphasis and safe links', () => {
    const html = renderMarkup(
      '# Title\n\nLine one\nline **two** and *three*\n\n- a\n- [b](https://x.test/?q=1&r=2)',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<p>Line one<br>line <strong>two</strong> and <em>three</em></p>',
        '<ul><li>a</li><li><a href="https://x.test/?q=1&amp;r=2" rel="noopener noreferrer" target="_blank">b</a></li></ul>',
      ].join('\n'),
    );
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](https://ok.test/" onclick="alert(1))',
    '<a href="javascript:alert(1)">x</a>',
  ])('keeps %s as text', (payload) => {
    const html = renderMarkup(payload);
    expect(html).not.toMatch(/<(script|img|a href="(?!https))/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it('summarises as one line of plain text, cut at a word', () => {
    expect(plainSummary('# Hi\n\n**Bold** [link](https://x.test)\n- item')).toBe(
      'Hi Bold link item',
    );
    expect(plainSummary(`${'word '.repeat(50)}`, 20)).toBe('word word word word…');
  });
});
