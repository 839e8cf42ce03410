// A vitest global setup: makes one embedded database, migrated, and keeps it as a tarball for the
// run (`PGLITE_TEMPLATE`, which test servers and `openDatabase` take): every fresh embedded
// database of the run then starts as a copy of it instead of being made from nothing (PGlite's
// initdb and every migration, seconds each on a busy machine, well over a hundred times a run).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/database.ts';

let dir: string | undefined;

export async function setup(): Promise<void> {
  // Each project lists this setup; the first to run makes the template the others use.
  const earlier = process.env.PGLITE_TEMPLATE;
  if (earlier && existsSync(earlier)) return;
  dir = await mkdtemp(path.join(tmpdir(), 'meridian-pglite-template-'));
  const made = path.join(dir, 'made');
  // '' rather than the environment's template: this one is made from nothing.
  const opened = await openDatabase({
    databaseUrl: undefined,
    pgliteDir: made,
    pgliteTemplate: '',
  });
  await opened.close();
  // Read back on this thread and dumped: the tarball PGlite's `loadDataDir` takes.
  const pglite = await PGlite.create(made);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const template = path.join(dir, 'template.tar');
  await writeFile(template, Buffer.from(await dump.arrayBuffer()));
  await rm(made, { recursive: true, force: true });
  // The test workers and the servers they start are made after this, with this environment.
  process.env.PGLITE_TEMPLATE = template;
}

export async function teardown(): Promise<void> {
  if (!dir) return;
  delete process.env.PGLITE_TEMPLATE;
  await rm(dir, { recursive: true, force: true });
  dir = undefined;
}
