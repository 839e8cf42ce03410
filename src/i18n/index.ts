// The nine languages' strings; `bl` is Polish to Intl and `he` reads right to left. Only the
// active language's strings load, in files of their own: a language change reloads the page, and
// every string exists in every language (tests/unit/ui-strings.test.ts), so no other is needed.
//
// The strings of the products a visitor may never open (futures, second contracts,
// subscriptions, AI products) are a file of their own, loaded with those products' pages
// (`productPage` in the route table): the first load carries the shell's and the rest.
import type { Language } from '../../schemas/languages.ts';
import { showStrings } from './use-translation.ts';

type Table = Record<string, unknown>;

/** Each language's two files, `en.json` and `en.products.json`, each a chunk of its own. */
const files = import.meta.glob<Table>('./locales/*.json', { import: 'default' });

function loadFile(name: string): Promise<Table> {
  const file = files[`./locales/${name}.json`];
  return file ? file() : Promise.reject(new Error(`no strings named ${name}`));
}

/** The tables of the products' strings, each under its own key: `contract.long`, `ai.buy`. */
export const productTables = ['contract', 'option', 'subscription', 'ai'] as const;

let active: Language | null = null;
let products: Promise<void> | null = null;

/** Loads the shell's strings; from the call on, a product page's load asks for the products'. */
export async function initI18n(language: Language): Promise<void> {
  active = language;
  showStrings(language, await loadFile(language));
}

/** Loads the products' strings in the page's language, once; a product's pages wait for them. */
export function productStrings(): Promise<void> {
  const language = active;
  if (language === null) return Promise.reject(new Error('no language is set yet'));
  if (!products) {
    const loading = loadFile(`${language}.products`).then((table) => showStrings(language, table));
    // A failed load (the network went) is tried again by the next page that asks.
    loading.catch(() => {
      products = null;
    });
    products = loading;
  }
  return products;
}
