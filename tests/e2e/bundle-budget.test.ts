// The built app against its download budgets: sizes are gzip of deterministic files, so this is a
// check of the build, not a timing. Only the active language's strings are on the critical path.
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

  it('loads one language of the nine on the critical path, and no later strings', () => {
    for (const part of [null, 'products', 'pages']) {
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
});
