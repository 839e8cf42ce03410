// The build reads the products from their registry's text (build/product-registry.ts): this holds
// that reading to the registry the app runs, and to a clear refusal of an entry that does not say
// when its pages load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productFolders, registeredProducts } from '../../build/product-registry.ts';
import { productEntries } from '../../src/products.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe("the build's reading of the products' registry", () => {
  it('finds every product the app lists, each with when its pages load', () => {
    const byFolder = (a: { folder: string }, b: { folder: string }) =>
      a.folder.localeCompare(b.folder);
    expect(registeredProducts(root).sort(byFolder)).toEqual([
      { folder: 'ai', load: 'apart' },
      { folder: 'contract', load: 'apart' },
      { folder: 'option', load: 'apart' },
      { folder: 'spot', load: 'first-screens' },
      { folder: 'subscription', load: 'apart' },
    ]);
    expect(registeredProducts(root)).toHaveLength(productEntries.length);
    expect(productFolders(root, 'first-screens')).toEqual(['spot']);
  });

  describe('in a registry whose entry does not say when its pages load', () => {
    const fixture = mkdtempSync(path.join(tmpdir(), 'registry-'));
    afterEach(() => rmSync(fixture, { recursive: true, force: true }));

    it('refuses it, naming the entry and the declaration it lacks', () => {
      mkdirSync(path.join(fixture, 'src', 'example'), { recursive: true });
      writeFileSync(
        path.join(fixture, 'src', 'products.ts'),
        "import { exampleEntry } from './example/entry.ts';\n",
      );
      writeFileSync(
        path.join(fixture, 'src', 'example', 'entry.ts'),
        'export const exampleEntry = {};\n',
      );
      expect(() => registeredProducts(fixture)).toThrow(
        /src\/example\/entry\.ts does not say when its pages load: export const productLoad/,
      );
    });
  });
});
