// The styles of the pages beyond the first screens (src/page-styles.css and the files it imports
// from src/styles/later/) load only with those pages. A class of those files used by home, a
// market list, a chart, a spot market, the shell or the shared kit would be drawn unstyled there;
// a page of those folders loaded without them would be too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { laterFolders } from '../support/later-folders.ts';

const src = path.resolve(import.meta.dirname, '../../src');

/** A stylesheet's text with the files it `@import`s in their place, as the bundler joins them. */
function withImports(file: string): string {
  return readFileSync(file, 'utf8').replace(/@import ['"]([^'"]+)['"];/g, (_, imported: string) =>
    withImports(path.resolve(path.dirname(file), imported)),
  );
}

const stylesheet = withImports(path.join(src, 'page-styles.css')).replace(/\/\*[\s\S]*?\*\//g, '');
/** Every class a selector of the file names. */
const classes = [
  ...new Set(
    [...stylesheet.matchAll(/([^{}]+)\{/g)].flatMap(([, selector]) =>
      [...(selector ?? '').matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''),
    ),
  ),
];

const sources = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .map((file) => ({
    folder: path.relative(src, file).split(path.sep)[0],
    text: readFileSync(file, 'utf8'),
  }))
  .concat({ folder: 'index.html', text: readFileSync(path.join(src, '../index.html'), 'utf8') });

describe('the later pages’ styles', () => {
  it('name classes used only by the pages that load them', () => {
    expect(classes.length).toBeGreaterThan(50);
    const elsewhere = classes.flatMap((name) => {
      const used = new RegExp(`(?<![\\w-])${name}(?![\\w-])`);
      return sources
        .filter(({ folder, text }) => !laterFolders.includes(folder ?? '') && used.test(text))
        .map(({ folder }) => `.${name} in ${folder}`);
    });
    expect(elsewhere).toEqual([]);
  });

  it('load with every page of those folders', () => {
    const routes = readFileSync(path.join(src, 'routes/route-table.ts'), 'utf8');
    const plain = [...routes.matchAll(/\bpage\(\(\) => import\('\.\.\/(\w+)\//g)].map(
      ([, folder]) => folder,
    );
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.filter((folder) => laterFolders.includes(folder ?? ''))).toEqual([]);
  });
});
