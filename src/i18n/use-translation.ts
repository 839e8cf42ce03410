// The app's strings in the page's language, held by i18next. The language is set before the first
// render, and a change of it reloads the page (./index.ts), so the strings never change during a
// page's life: this hook hands every component the one function and watches nothing (what
// react-i18next's hook did on every render cost a live trade page a fifth of its script time).
//
// i18next picks the plural form a count needs by the language's Intl plural rules (`key_one`,
// `key_few`, `key_many`, `key_other`: "1 zlecenie", "2 zlecenia", "5 zleceń"), and writes a
// number named `{{count, figure}}` the way the app writes its figures (core/price-format.ts).
// Polish is `bl` to the app and `pl` to Intl, so the strings are held under the Intl tag.
import i18next from 'i18next';
import { formatPrice } from '../../core/price-format.ts';
import { intlLocale, type Language } from '../../schemas/languages.ts';

type Table = Record<string, unknown>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const strings = i18next.createInstance();
// Given resources and `initAsync: false`, the set-up (and a later change of language) is done
// when the call returns: the first render has its strings.
void strings.init({
  initAsync: false,
  resources: {},
  fallbackLng: false,
  // Keys are dotted paths; no string names a namespace.
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // A key that names a table, not a string, shows itself like a missing one.
  returnedObjectHandler: (key: string) => key,
});
// i18next's own Intl number format would write a figure other than the app writes it.
strings.services.formatter?.add('figure', (value: unknown, lng: string | undefined) =>
  typeof value === 'number' || typeof value === 'string'
    ? formatPrice(value, { locale: lng ?? 'en' })
    : String(value),
);

/**
 * A plain string (no values to put in) is looked up once: a trade page asks for the same column
 * names on every level of the book at every update, and i18next resolves its options, language
 * and key path on every call.
 */
const plain = new Map<string, string>();

/** Adds `table` to the strings of `language`, deep, and shows that language: the page's one. */
export function showStrings(language: Language, table: Table): void {
  const lng = intlLocale(language);
  strings.addResourceBundle(lng, 'translation', table, true, true);
  if (strings.language !== lng) void strings.changeLanguage(lng);
  plain.clear();
}

/** A key with no string shows itself, so a missing string is visible and not a blank. */
const shown = (key: string, text: unknown) =>
  typeof text === 'string' && text !== '' ? text : key;

const lookUp = strings.t as unknown as (key: string, values?: Table) => unknown;

const t: Translate = (key, values) => {
  if (values !== undefined) return shown(key, lookUp(key, values));
  let text = plain.get(key);
  if (text === undefined) {
    text = shown(key, lookUp(key));
    plain.set(key, text);
  }
  return text;
};

const translation = { t };

export function useTranslation(): typeof translation {
  return translation;
}
