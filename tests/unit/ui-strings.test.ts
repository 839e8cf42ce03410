// Every visible string exists in all nine languages, with the same placeholders, and every title
// and menu label the code asks for is defined.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../schemas/languages.ts';
import { localize } from '../../schemas/messages/index.ts';
import { uiStrings } from '../../src/i18n/all-strings.ts';
import { pageTables, productTables } from '../../src/i18n/index.ts';
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

const english = flatten(uiStrings.en as Tree);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(languages)('UI strings in %s', (language) => {
  const strings = flatten(uiStrings[language] as Tree);

  it('refuses an obvious trade password in the words of the server', () => {
    expect(strings['account.password.tradeObvious']).toBe(
      localize(language, 'trade_password_obvious'),
    );
  });

  it('has every key of English and no other', () => {
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
  });

  it('has no empty string and keeps the placeholders, each a plain {{name}}', () => {
    for (const [key, text] of Object.entries(strings)) {
      expect(text.trim(), key).not.toBe('');
      // The translation function fills in names only: no formats, nesting or other syntax.
      expect(text.split('{{').length - 1, key).toBe(placeholders(text).length);
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
    }
  });
});

describe('keys used by the code', () => {
  it('define a title for every route', () => {
    for (const route of routeTable) expect(english[route.titleKey], route.path).toBeDefined();
  });

  const srcDir = path.resolve(import.meta.dirname, '../../src');
  const sources = readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

  it('define every literal key passed to t()', () => {
    const used = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => english[key] === undefined)).toEqual([]);
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
});
