// What the app keeps in localStorage (docs/product.md §4): token, language, theme. Only the UI
// thread can reach it; the worker is told the values.
import { defaultLanguage, type Language, languageFromTag } from '../schemas/languages.ts';
import { type Theme, themeFromStorage } from './document-settings.ts';

const keys = { token: 'token', language: 'lang', theme: 'theme' } as const;

export const storage = {
  token(): string | null {
    return localStorage.getItem(keys.token);
  },
  setToken(token: string): void {
    localStorage.setItem(keys.token, token);
  },
  language(): Language {
    const stored = localStorage.getItem(keys.language);
    return stored ? languageFromTag(stored) : defaultLanguage;
  },
  setLanguage(language: Language): void {
    localStorage.setItem(keys.language, language);
  },
  theme(): Theme {
    return themeFromStorage(localStorage.getItem(keys.theme));
  },
  setTheme(theme: Theme): void {
    localStorage.setItem(keys.theme, theme);
  },
  /**
   * Logout and code 999: the session goes, and with it everything stored (docs/product.md §4, §7).
   */
  clearSession(): void {
    const language = localStorage.getItem(keys.language);
    const theme = localStorage.getItem(keys.theme);
    localStorage.clear();
    if (language) localStorage.setItem(keys.language, language);
    if (theme) localStorage.setItem(keys.theme, theme);
  },
};
