// The nine languages' strings, loaded into i18next (./use-translation.ts); `bl` is Polish to Intl
// and `he` reads right to left. Only the active language's strings load, in files of their own: a
// language change reloads the page, and every string, with every plural form its language has,
// exists in every language (tests/unit/ui-strings.test.ts), so no other is needed.
//
// The strings of the products a visitor may never open (futures, second contracts,
// subscriptions, AI products) are a file of their own, loaded with those products' pages
// (`productPage` in the route table), and so are those of the other pages beyond the first
// screens (the account's, verification, support, /debug: `laterPage`); the security center's
// pages load a file of their own on top of those (`securityPage`). The first load carries the
// shell's and the rest: home, the markets, a chart, a spot market, the wallet.
import type { Language } from '../../schemas/languages.ts';
import { showStrings } from './use-translation.ts';

type Table = Record<string, unknown>;

/**
 * Each language's files (`en.json`, `en.products.json`, `en.pages.json`, `en.security.json`), each
 * a chunk.
 */
const files = import.meta.glob<Table>('./locales/*.json', { import: 'default' });

function loadFile(name: string): Promise<Table> {
  const file = files[`./locales/${name}.json`];
  return file ? file() : Promise.reject(new Error(`no strings named ${name}`));
}

// The products' strings file holds a table for each product whose pages load apart, under its
// folder's name (`contract.long`, src/shell/product-entry.ts). It loads whole, so no list of the
// products is kept here: the strings' checks read them from src/products.ts
// (tests/unit/ui-strings.test.ts), and a new product adds no line to this file.

/** The tables of the later pages' strings. */
export const pageTables = [
  'auth',
  'account',
  'form',
  'identity',
  'support',
  'debug',
  'passkeys',
  'reserves',
  'notifications',
  'smallBalances',
] as const;

/** The tables of the security center's strings. */
export const securityTables = ['security'] as const;

type LaterPart = 'products' | 'pages' | 'security';

let active: Language | null = null;
const later = new Map<LaterPart, Promise<void>>();

/** Loads the shell's strings; from the call on, a later page's load asks for its file. */
export async function initI18n(language: Language): Promise<void> {
  active = language;
  showStrings(language, await loadFile(language));
}

/** Loads one later file of the page's language, once, into its strings; its pages wait for it. */
function laterStrings(part: LaterPart): Promise<void> {
  const language = active;
  if (language === null) return Promise.reject(new Error('no language is set yet'));
  let loading = later.get(part);
  if (!loading) {
    loading = loadFile(`${language}.${part}`).then((table) => showStrings(language, table));
    // A failed load (the network went) is tried again by the next page that asks.
    loading.catch(() => later.delete(part));
    later.set(part, loading);
  }
  return loading;
}

/** The products' strings; a product's pages wait for them. */
export const productStrings = () => laterStrings('products');

/** The later pages' strings; those pages, the products' among them, wait for them. */
export const pageStrings = () => laterStrings('pages');

/** The security center's strings; its pages wait for them, and for the later pages' too. */
export const securityStrings = () => laterStrings('security');
