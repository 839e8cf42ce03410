// A vitest global setup: bundles the server's entry points (the server, the operator's CLI) once
// for the run, so that every server process and `ops` call the tests start loads a few files
// instead of each of the server's five hundred modules through the TypeScript loader. That load
// cost several seconds of a core per process, and a run starts dozens of servers and `ops` calls.
// The bundle is made from the sources at the start of every run, so it is never stale; `npm start`
// and the tests of `npm start` itself still run the sources (scripts/start.mjs).
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleEnv } from './server-entry.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Inside the project: the bundle's package imports resolve through its node_modules. */
const cache = path.join(root, 'node_modules', '.cache', 'meridian-server');
/** Files the server opens beside its own module (`new URL('./…', import.meta.url)`), copied. */
const besides = ['server/db/pglite-thread.mjs'];

let dir: string | undefined;

export async function setup(): Promise<void> {
  // Each project lists this setup; the first to run makes the bundle the others use.
  const earlier = process.env[bundleEnv];
  if (earlier && existsSync(earlier)) return;
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(path.join(cache, 'run-'));
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts', ops: 'server/ops/cli.ts' },
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages stay where npm put them: native and WASM parts load as they would from the sources.
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    // No source map: Node reading one costs more than a second of a core per process, and the
    // bundle, not minified, marks where each source file's code begins (`// server/…`).
    logLevel: 'warning',
  });
  for (const file of besides)
    await copyFile(path.join(root, file), path.join(dir, path.basename(file)));
  // The test workers and the processes they start are made after this, with this environment.
  process.env[bundleEnv] = dir;
}

export async function teardown(): Promise<void> {
  if (!dir) return;
  delete process.env[bundleEnv];
  await rm(dir, { recursive: true, force: true });
  dir = undefined;
}
