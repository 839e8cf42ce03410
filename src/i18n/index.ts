// The nine languages' strings; `bl` is Polish to Intl and `he` reads right to left. Only the
// active language's strings load, in a file of their own: a language change reloads the page,
// and every string exists in every language (tests/unit/ui-strings.test.ts), so no other is needed.
import type { Language } from '../../schemas/languages.ts';
import { showStrings } from './use-translation.ts';

type Strings = { default: Record<string, unknown> };

const load: Record<Language, () => Promise<Strings>> = {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  he: () => import('./locales/he.json'),
  it: () => import('./locales/it.json'),
  pt: () => import('./locales/pt.json'),
  es: () => import('./locales/es.json'),
  bl: () => import('./locales/bl.json'),
};

export async function initI18n(language: Language): Promise<void> {
  const { default: table } = await load[language]();
  showStrings(language, table);
}
