// Comments and docs cite documents a newcomer has: docs/product.md's numbered sections and the
// other docs/*.md. This fails when a source, test or doc file cites a document that is not in
// the repository (a design note, a product specification) instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const folders = [
  'schemas',
  'core',
  'workers',
  'src',
  'server',
  'tests',
  'bench',
  'scripts',
  'build',
];
const rootFiles = ['README.md', 'index.html'];
const checkedFile = /\.(ts|tsx|mts|js|mjs|css|md|html)$/;

/** Citations of documents outside the repository, as they were written before docs/product.md. */
const outsideCitations: readonly RegExp[] = [
  /design\.md/i,
  /\bspec\s*§/i,
  /\bspec's\b/i,
  /\b(?:the|per the|product) spec\b/i,
];

function filesToCheck(): string[] {
  const inFolders = [...folders, 'docs'].flatMap((folder) =>
    readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && checkedFile.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
  const configs = readdirSync(root).filter((name) => /\.config\.[cm]?ts$/.test(name));
  const thisFile = path.relative(root, import.meta.filename);
  return [...inFolders, ...rootFiles, ...configs]
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== thisFile);
}

function outsideCitationsIn(text: string): number[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      outsideCitations.some((pattern) => pattern.test(line)) ? [index + 1] : [],
    );
}

describe('citations', () => {
  it('name only documents in the repository', () => {
    const found = filesToCheck().flatMap((file) =>
      outsideCitationsIn(readFileSync(path.join(root, file), 'utf8')).map(
        (line) => `${file}:${line}`,
      ),
    );
    expect(found, 'cite docs/product.md §N or docs/<area>.md instead').toEqual([]);
  });

  it('are found where they are written', () => {
    expect(outsideCitationsIn('// ok\n// as design.md §2 says')).toEqual([2]);
    expect(outsideCitationsIn('/** Spec §5: a limit buy */')).toEqual([1]);
    expect(outsideCitationsIn("the spec's order\nper the spec")).toEqual([1, 2]);
    expect(outsideCitationsIn('const spec = knownMarkets[0]; // docs/product.md §11')).toEqual([]);
  });
});
