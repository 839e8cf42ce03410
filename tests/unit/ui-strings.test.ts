// Every visible string exists in all nine languages, with the same placeholders, and every title
// and menu label the code asks for is defined. A string that counts something has exactly the
// plural forms its language has (Intl's plural categories: Polish one, few, many and other;
// Hebrew one, two and other; Chinese other alone), so "1 orders" is never shown.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFolders } from '../../build/product-registry.ts';
import { intlLocale, languages } from '../../schemas/languages.ts';
import { localize } from '../../schemas/messages/index.ts';
import { uiStrings } from '../../src/i18n/all-strings.ts';
import { pageTables, securityTables } from '../../src/i18n/index.ts';
import { routeTable } from '../../src/routes/route-table.ts';
import { laterFolders } from '../support/later-folders.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const root = path.resolve(import.meta.dirname, '../..');
/** The products' tables: one per product whose pages load apart, named as its folder. */
const productTables = productFolders(root, 'apart');

const english = flatten(uiStrings.en as Tree);
/** The values a string names, each with its format: `count, figure`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)]
    .map((m) => (m[2] ? `${m[1]}, ${m[2]}` : (m[1] ?? '')))
    .sort();

const categories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const pluralForm = new RegExp(`^(.+)_(${categories.join('|')})$`);

/** The strings by key, a plural one under its key without the form, with its forms. */
function byKey(strings: Record<string, string>): Map<string, Record<string, string>> {
  const keys = new Map<string, Record<string, string>>();
  for (const [key, text] of Object.entries(strings)) {
    const [, base, form] = key.match(pluralForm) ?? [];
    const [name, shape] = base && form ? [base, form] : [key, ''];
    keys.set(name, { ...keys.get(name), [shape]: text });
  }
  return keys;
}

const englishKeys = byKey(english);
/** A key is plural when its English string has forms; its other form names every value. */
const englishText = (key: string) =>
  englishKeys.get(key)?.other ?? englishKeys.get(key)?.[''] ?? '';

describe.each(languages)('UI strings in %s', (language) => {
  const strings = flatten(uiStrings[language] as Tree);

  it('refuses an obvious trade password in the words of the server', () => {
    expect(strings['account.password.tradeObvious']).toBe(
      localize(language, 'trade_password_obvious'),
    );
  });

  it('calls each product by one name in the menu, its title, its banner slide and the records', () => {
    const names = (...keys: string[]) => new Set(keys.map((key) => strings[key]));
    expect(
      names(
        'menu.contract',
        'titles.futures',
        'products.futures.title',
        'wallet.records.types.contract',
      ),
    ).toEqual(names('titles.futures'));
    expect(
      names('menu.option', 'titles.option', 'products.second.title', 'wallet.records.types.option'),
    ).toEqual(names('titles.option'));
    expect(
      names(
        'menu.subscription',
        'titles.subscription',
        'products.subscription.title',
        'wallet.records.types.subscription',
      ),
    ).toEqual(names('titles.subscription'));
    expect(names('menu.ai', 'titles.ai', 'products.ai.title')).toEqual(names('titles.ai'));
  });

  const keys = byKey(strings);
  const plural = new Intl.PluralRules(intlLocale(language)).resolvedOptions().pluralCategories;

  it('has every key of English and no other', () => {
    expect([...keys.keys()].sort()).toEqual([...englishKeys.keys()].sort());
  });

  it('has every plural form of the language for a count, and no form it does not have', () => {
    for (const [key, forms] of keys) {
      const wanted = englishKeys.get(key)?.other === undefined ? [''] : [...plural];
      expect(Object.keys(forms).sort(), key).toEqual(wanted.sort());
    }
  });

  it('has no empty string and keeps the placeholders, each a plain {{name}} or a figure', () => {
    for (const [key, forms] of keys) {
      for (const [form, text] of Object.entries(forms)) {
        const shown = form ? `${key}_${form}` : key;
        expect(text.trim(), shown).not.toBe('');
        // Values are filled in by name, a number through the app's figures: no other format,
        // nesting or syntax.
        expect(text.split('{{').length - 1, shown).toBe(placeholders(text).length);
        for (const name of placeholders(text)) expect(name, shown).toMatch(/^\w+(, figure)?$/);
        // A form may say its number in words ("יומיים"); the other form names every value.
        const wanted = placeholders(englishText(key));
        if (form === '' || form === 'other') expect(placeholders(text), shown).toEqual(wanted);
        else expect(wanted, shown).toEqual(expect.arrayContaining(placeholders(text)));
      }
    }
  });

  it('counts only in plural strings, and writes a count as a figure', () => {
    for (const [key, forms] of keys) {
      for (const text of Object.values(forms)) {
        if (!/\{\{\s*count\b/.test(text)) continue;
        expect(forms.other, `${key} counts`).toBeDefined();
        expect(placeholders(text), key).toContain('count, figure');
      }
    }
  });
});

describe("the products' strings file", () => {
  it.each(languages)(
    'in %s holds a table for each product loading apart, and no other',
    (language) => {
      const file = path.join(root, 'src', 'i18n', 'locales', `${language}.products.json`);
      const tables = Object.keys(JSON.parse(readFileSync(file, 'utf8')));
      expect(tables.sort()).toEqual([...productTables].sort());
    },
  );
});

describe('keys used by the code', () => {
  it('define a title for every route', () => {
    for (const route of routeTable) expect(english[route.titleKey], route.path).toBeDefined();
  });

  /** A key names a string, or a count's plural forms. */
  const defined = (key: string) => englishKeys.has(key);

  const srcDir = path.resolve(import.meta.dirname, '../../src');
  const sources = readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

  it('define every literal key passed to t()', () => {
    const used = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !defined(key))).toEqual([]);
  });

  it("use a product's strings only in its own folder, whose pages load them", () => {
    const misplaced = sources.flatMap((file) => {
      const folder = path.relative(srcDir, file).split(path.sep)[0];
      // The i18n folder holds the tables and names them; it shows none of their strings.
      if (folder === 'i18n') return [];
      const text = readFileSync(file, 'utf8');
      return productTables
        .filter((table) => table !== folder && new RegExp(`['\`]${table}\\.\\w`).test(text))
        .map((table) => `${path.relative(srcDir, file)} uses ${table}.*`);
    });
    expect(misplaced).toEqual([]);
  });

  it('use the later pages’ strings only in the folders whose pages load them', () => {
    const misplaced = sources.flatMap((file) => {
      const folder = path.relative(srcDir, file).split(path.sep)[0] ?? '';
      if (folder === 'i18n' || laterFolders.includes(folder)) return [];
      const text = readFileSync(file, 'utf8');
      return pageTables
        .filter((table) => new RegExp(`['\`]${table}\\.\\w`).test(text))
        .map((table) => `${path.relative(srcDir, file)} uses ${table}.*`);
    });
    expect(misplaced).toEqual([]);
  });

  it('use the security center’s strings only in its folder, whose pages load them', () => {
    const misplaced = sources.flatMap((file) => {
      const folder = path.relative(srcDir, file).split(path.sep)[0] ?? '';
      if (folder === 'i18n' || folder === 'security' || folder === 'routes') return [];
      const text = readFileSync(file, 'utf8');
      return securityTables
        .filter((table) => new RegExp(`['\`]${table}\\.\\w`).test(text))
        .map((table) => `${path.relative(srcDir, file)} uses ${table}.*`);
    });
    expect(misplaced).toEqual([]);
  });
});
