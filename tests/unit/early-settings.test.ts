// The script in index.html that sets the theme and the reading direction before the first paint
// agrees with what the app sets when it starts (src/document-settings.ts), for every stored value.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyDocumentSettings } from '../../src/document-settings.ts';

const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
const earlyScript = /<script id="early-settings">([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

interface Page {
  html: { dataset: Record<string, string>; dir: string; lang: string; ownerDocument: unknown };
  color: { content: string };
}

function page(): Page {
  const color = { content: '#000000' };
  const html = { dataset: {}, dir: '', lang: '', ownerDocument: {} };
  html.ownerDocument = { querySelector: () => color };
  return { html, color };
}

function storage(stored: Record<string, string | null>) {
  return { getItem: (key: string) => stored[key] ?? null };
}

function early(stored: Record<string, string | null>): Page {
  const shown = page();
  const document = { documentElement: shown.html, querySelector: () => shown.color };
  new Function('localStorage', 'document', earlyScript)(storage(stored), document);
  return shown;
}

function atStart(stored: Record<string, string | null>): Page {
  const shown = page();
  applyDocumentSettings(shown.html as unknown as HTMLElement, storage(stored));
  return shown;
}

const themes = ['white', 'dark', null, 'White', 'light', ''];
const languages = ['he', 'he-IL', ' HE', 'en', 'zh', 'bl', 'pl', 'hex', 'xx', null, ''];

describe('the settings applied before the first paint', () => {
  it('is in index.html', () => {
    expect(earlyScript).toContain('localStorage');
  });

  it.each(themes.flatMap((theme) => languages.map((lang) => [theme, lang] as const)))(
    'theme %j, language %j: the same theme, direction and bar colour as the app',
    (theme, lang) => {
      const stored = { theme, lang };
      const before = early(stored);
      const after = atStart(stored);
      expect({
        theme: before.html.dataset.theme,
        dir: before.html.dir,
        color: before.color.content,
      }).toEqual({
        theme: after.html.dataset.theme,
        dir: after.html.dir,
        color: after.color.content,
      });
    },
  );

  it('leaves the defaults when storage cannot be read', () => {
    const shown = page();
    const document = { documentElement: shown.html, querySelector: () => shown.color };
    const locked = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(() =>
      new Function('localStorage', 'document', earlyScript)(locked, document),
    ).not.toThrow();
  });
});
