// What the bundle measure counts on the critical path: the entry and its static imports from the
// manifest, and the core worker with the files it imports at once, not those it loads later.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle } from '../../build/bundle-size.ts';

let dist: string | undefined;

afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

function build(files: Record<string, string>, manifest: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-size-'));
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(root, name), code);
  return root;
}

describe('measureBundle', () => {
  it('counts the worker’s static imports, transitively, and not what it imports dynamically', () => {
    dist = build(
      {
        'assets/index-a.js': 'new Worker(new URL("core.worker-w1.js", import.meta.url));',
        'assets/core.worker-w1.js':
          'import{a as b}from"./start-s1.js";import"./idb-i1.js";const later=()=>import("./products-p1.js");',
        'assets/start-s1.js': 'import{z}from"./zod-z1.js";export const a=1;',
        'assets/zod-z1.js': 'export const z=2;',
        'assets/idb-i1.js': 'self.x=1;',
        'assets/products-p1.js': 'export const p=3;',
      },
      { 'index.html': { file: 'assets/index-a.js', isEntry: true } },
    );
    const critical = measureBundle(dist).critical.map((sized) => path.basename(sized.file));
    expect(critical.sort()).toEqual([
      'core.worker-w1.js',
      'idb-i1.js',
      'index-a.js',
      'start-s1.js',
      'zod-z1.js',
    ]);
  });
});
