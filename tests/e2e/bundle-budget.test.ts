// The built app against its download budgets: sizes are gzip of deterministic files, so this is a
// check of the build, not a timing. Only the active language's strings are on the critical path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleBudgets, measureBundle } from '../../build/bundle-size.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const kib = (bytes: number) => bytes / 1024;

describe('the bundle a phone downloads', () => {
  const size = measureBundle(dist);

  it('keeps the critical path within its ceiling', () => {
    expect(kib(size.criticalBytes)).toBeLessThanOrEqual(bundleBudgets.critical.ceilingKiB);
  });

  it('keeps the whole app in one language within its ceiling', () => {
    expect(kib(size.wholeBytes)).toBeLessThanOrEqual(bundleBudgets.whole.ceilingKiB);
  });

  it('starts the core worker without Dexie, which comes in its own file when the log opens', () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    expect(assets).toContainEqual(expect.stringMatching(/^event-database-[\w-]+\.js$/));
    expect(size.critical.map((sized) => path.basename(sized.file))).not.toContainEqual(
      expect.stringMatching(/^event-database-/),
    );
  });

  it('loads one language of the nine on the critical path, and no later strings', () => {
    for (const part of [null, 'products', 'pages', 'security']) {
      const files = size.languageFiles.filter((file) => file.product === part);
      expect(new Set(files.map((file) => file.language)).size, String(part)).toBe(9);
    }
    const languages = size.critical.filter((sized) =>
      size.languageFiles.some((language) => language.file === sized.file),
    );
    expect(languages.map((sized) => path.basename(sized.file))).toEqual([
      expect.stringMatching(/^en-/),
    ]);
  });

  it('has no two files importing each other, however the chunks were grouped', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const circles: string[] = [];
    const done = new Set<string>();
    const visit = (key: string, path: string[]) => {
      if (path.includes(key)) circles.push([...path.slice(path.indexOf(key)), key].join(' → '));
      if (path.includes(key) || done.has(key)) return;
      for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
      done.add(key);
    };
    for (const key of Object.keys(manifest)) visit(key, []);
    expect(Object.keys(manifest).length).toBeGreaterThan(20);
    expect(circles).toEqual([]);
  });
});
