// No import circle anywhere: a circle makes every file in it load with all the others, and hides
// which of them is the lower layer. Type-only imports count: they tie the files' types together.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../support/import-cycles.ts';

const root = path.resolve(import.meta.dirname, '../..');
const folders = ['schemas', 'core', 'workers', 'src', 'server', 'tests', 'bench', 'scripts'];

function sources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      found.set(file, readFileSync(file, 'utf8'));
    }
  }
  return found;
}

describe('import circles', () => {
  it('has none in the repository', () => {
    const circles = importCircles(importGraph(sources())).map((group) =>
      group.map((file) => path.relative(root, file)),
    );
    expect(circles).toEqual([]);
  });

  it('finds a circle through a type-only import, and none in a chain', () => {
    const at = (name: string) => path.join(root, 'core', name);
    const files = new Map([
      [at('a.ts'), "import { b } from './b.ts';"],
      [at('b.ts'), "import type { C } from './c.ts';"],
      [at('c.ts'), "import { a } from './a.ts';\nimport { d } from './d.ts';"],
      [at('d.ts'), "import { z } from 'zod';"],
    ]);
    expect(importCircles(importGraph(files))).toEqual([[at('a.ts'), at('b.ts'), at('c.ts')]]);
    files.set(at('c.ts'), "import { d } from './d.ts';");
    expect(importCircles(importGraph(files))).toEqual([]);
  });
});
