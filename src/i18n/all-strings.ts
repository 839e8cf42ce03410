// Every language's strings at once, for checks that compare them; the app loads only the active
// language's (`index.ts`), and the products', the later pages' and the security center's strings
// with their pages.
import { languages } from '../../schemas/languages.ts';
import { pageTables, securityTables } from './index.ts';

type Table = Record<string, unknown>;

const files = import.meta.glob<Table>('./locales/*.json', { eager: true, import: 'default' });

function stringsOf(language: string): Table {
  const products = files[`./locales/${language}.products.json`] ?? {};
  const pages = files[`./locales/${language}.pages.json`] ?? {};
  const security = files[`./locales/${language}.security.json`] ?? {};
  // The products' file holds the products' tables only, each under its own key (index.ts).
  const table: Table = { ...files[`./locales/${language}.json`], ...products };
  for (const name of pageTables) table[name] = pages[name];
  for (const name of securityTables) table[name] = security[name];
  return table;
}

export const uiStrings = Object.fromEntries(
  languages.map((language) => [language, stringsOf(language)]),
) as Record<(typeof languages)[number], Table>;
