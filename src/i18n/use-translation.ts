// The app's strings in the page's language. The language is set before the first render, and a
// change of it reloads the page (./index.ts), so the strings never change during a page's life:
// this hook hands every component the one function and watches nothing.
//
// The strings need two things of a library: a dotted key looked up in nested tables, and
// `{{name}}` filled in from values. rosetta does exactly that in under a kilobyte, where i18next
// put 15 KiB gzip on every page's first load for options, namespaces, plurals and formats the
// strings never use (docs/decisions.md § "Delivery and the first screen").
import rosetta from 'rosetta';

type Table = Record<string, unknown>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const strings = rosetta<Table>();

/**
 * A plain string (no values to put in) is looked up once: a trade page asks for the same column
 * names on every level of the book at every update.
 */
const plain = new Map<string, string>();

/** Adds `table` to the strings of `language` and shows that language: the page's one. */
export function showStrings(language: string, table: Table): void {
  strings.set(language, table);
  strings.locale(language);
  plain.clear();
}

/** A key with no string shows itself, so a missing string is visible and not a blank. */
const shown = (key: string, text: string) => (typeof text === 'string' && text !== '' ? text : key);

const t: Translate = (key, values) => {
  if (values !== undefined) return shown(key, strings.t(key, values));
  let text = plain.get(key);
  if (text === undefined) {
    text = shown(key, strings.t(key));
    plain.set(key, text);
  }
  return text;
};

const translation = { t };

export function useTranslation(): typeof translation {
  return translation;
}
