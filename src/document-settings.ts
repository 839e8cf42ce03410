// `<html>` carries lang, dir and data-theme (docs/product.md §4, §21), read from what the user
// chose before; the browser's bar takes the theme's background.
import { languageFromTag } from '../schemas/languages.ts';

export type Theme = 'dark' | 'white';

/** docs/product.md §4: only the stored value `white` means white; anything else is dark. */
export function themeFromStorage(value: string | null): Theme {
  return value === 'white' ? 'white' : 'dark';
}

/** Each theme's background (`--bg` in src/styles/tokens.css), for the browser's bar around the page. */
export const themeColors: Readonly<Record<Theme, string>> = { dark: '#0b0e14', white: '#f5f7fa' };

export function applyDocumentSettings(html: HTMLElement, storage: Pick<Storage, 'getItem'>): void {
  const language = languageFromTag(storage.getItem('lang') ?? undefined);
  const theme = themeFromStorage(storage.getItem('theme'));
  html.lang = language === 'bl' ? 'pl' : language;
  html.dir = language === 'he' ? 'rtl' : 'ltr';
  html.dataset.theme = theme;
  const color = html.ownerDocument.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (color) color.content = themeColors[theme];
}
