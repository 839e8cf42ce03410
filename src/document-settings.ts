// `<html>` carries lang, dir and data-theme (design.md §6), read from what the user chose before.
import { languageFromTag } from '../schemas/languages.ts';

export type Theme = 'dark' | 'white';

/** The spec's rule: only the stored value `white` means white; anything else is dark. */
export function themeFromStorage(value: string | null): Theme {
  return value === 'white' ? 'white' : 'dark';
}

export function applyDocumentSettings(html: HTMLElement, storage: Pick<Storage, 'getItem'>): void {
  const language = languageFromTag(storage.getItem('lang') ?? undefined);
  html.lang = language === 'bl' ? 'pl' : language;
  html.dir = language === 'he' ? 'rtl' : 'ltr';
  html.dataset.theme = themeFromStorage(storage.getItem('theme'));
}
