// i18next with the nine languages; `bl` is Polish to Intl and `he` reads right to left.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../schemas/languages.ts';
import bl from './locales/bl.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import it from './locales/it.json';
import pt from './locales/pt.json';
import zh from './locales/zh.json';

export const uiStrings = { zh, en, de, fr, he, it, pt, es, bl } as const;

export function initI18n(language: Language) {
  const resources = Object.fromEntries(
    Object.entries(uiStrings).map(([code, translation]) => [code, { translation }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
