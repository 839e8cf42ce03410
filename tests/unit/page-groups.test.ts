// A grouped folder's pages load as one file, made of the folder's own modules only
// (build/page-groups.ts). That is sound while nothing outside the folder imports a module in it:
// such an import would make the other page load the folder's file, or two files import each other.
// The folder's `entry.ts` (its menu entry and slide) is the exception: it stays out of the file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderEntryFile, pageGroupFolders } from '../../build/page-groups.ts';
import { readImports } from '../support/import-arrows.ts';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

/** Static imports from outside `folder` into it, as `file → specifier`. */
function importsInto(folder: string, files: readonly { file: string; source: string }[]) {
  const inside = path.join(src, folder) + path.sep;
  return files.flatMap(({ file, source }) =>
    file.startsWith(inside)
      ? []
      : readImports(source)
          .filter((entry) => !entry.typeOnly && entry.specifier.startsWith('.'))
          .filter((entry) => {
            const target = path.resolve(path.dirname(file), entry.specifier);
            return target.startsWith(inside) && target !== path.join(inside, folderEntryFile);
          })
          .map((entry) => `${path.relative(src, file)} → ${entry.specifier}`),
  );
}

const sources = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('page groups', () => {
  it.each(pageGroupFolders(root))(
    'src/%s/ is reached only through the route table and its entry',
    (folder) => {
      expect(importsInto(folder, sources)).toEqual([]);
    },
  );

  it('finds a static import into a grouped folder, and lets a type-only one and the entry through', () => {
    const file = path.join(src, 'home', 'Example.tsx');
    const source = [
      "import { PositionCard } from '../contract/PositionCard.tsx';",
      "import type { ContractRow } from '../contract/rows.ts';",
      "import { contractEntry } from '../contract/entry.ts';",
      "const page = () => import('../contract/ContractTradePage.tsx');",
    ].join('\n');
    expect(importsInto('contract', [{ file, source }])).toEqual([
      'home/Example.tsx → ../contract/PositionCard.tsx',
    ]);
  });
});
