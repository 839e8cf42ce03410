// Opens the system of record: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; then migrates.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Dialect, Kysely, type LogEvent, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { fieldOf } from './field-of.ts';
import { migrationProvider } from './migrations/index.ts';
import { type EmbeddedDatabase, PGliteClient } from './pglite-client.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

/** What the database has been asked since it was opened. */
export interface DatabaseStats {
  kind: 'postgres' | 'pglite';
  /** Statements sent (transaction control aside). */
  statements: number;
}

export interface OpenedDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  stats: DatabaseStats;
  /** How long opening took, in ms: the database itself (PGlite recovers its files here), then migrations. */
  timings: { openMs: number; migrateMs: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDir: string;
  /** PGlite on its own thread (the default) or on the event loop that answers requests. */
  pgliteThread?: boolean;
  /**
   * A tarball of an embedded database already made and migrated (PGlite's `dumpDataDir`): a new
   * embedded database starts as a copy of it instead of being made from nothing, which takes
   * seconds of PGlite's start. `PGLITE_TEMPLATE` by default; the test runs make one
   * (tests/support/pglite-template.ts). Never used for a directory that holds a database.
   */
  pgliteTemplate?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  const stats: DatabaseStats = { kind, statements: 0 };
  // Counting costs an increment per statement: cheap enough to keep on for `ops stats`.
  const log = (event: LogEvent) => {
    if (event.level === 'query') stats.statements++;
  };
  const opening = performance.now();
  const dialect = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPGlite(
        options.pgliteDir,
        options.pgliteThread ?? true,
        options.pgliteTemplate ?? process.env.PGLITE_TEMPLATE,
      );
  const db = new Kysely<Database>({ dialect, log });
  const migrating = performance.now();
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const timings = {
    openMs: Math.round(migrating - opening),
    migrateMs: Math.round(performance.now() - migrating),
  };
  const onDisk = kind === 'pglite' && !options.pgliteDir.startsWith('memory://');
  const checkpoints = onDisk ? checkpointEvery(db, stats) : undefined;
  const close = async () => {
    clearInterval(checkpoints);
    await db.destroy();
  };
  return { db, kind, stats, timings, close };
}

/** How often PGlite writes a checkpoint, when anything was asked since the last. */
const checkpointEveryMs = 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, without the checkpointer process that bounds how
 * much write-ahead log a crash leaves to replay: without these, a restart after a kill -9 replays
 * every change since the database was opened (the first start's history alone adds seconds).
 */
function checkpointEvery(db: Db, stats: DatabaseStats): NodeJS.Timeout {
  let seen = stats.statements;
  const timer = setInterval(() => {
    if (stats.statements === seen) return;
    seen = stats.statements + 1; // the checkpoint itself is counted
    sql`checkpoint`.execute(db).catch(() => undefined);
  }, checkpointEveryMs);
  timer.unref();
  return timer;
}

function openPostgres(url: string): Dialect {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator) is reported on
  // the pool, which has already let it go; unheard, the event would end the whole process. The
  // next query takes a new connection, and a query that fails is reported to its caller.
  pool.on('error', () => undefined);
  return new PostgresDialect({ pool });
}

async function openPGlite(
  dir: string,
  thread: boolean,
  template: string | undefined,
): Promise<Dialect> {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) await mkdir(path.dirname(dir), { recursive: true });
  // A directory PostgreSQL has made holds PG_VERSION: that database is opened as it is.
  const fresh = inMemory || !existsSync(path.join(dir, 'PG_VERSION'));
  const from = fresh ? template : undefined;
  const embedded = thread ? await PGliteClient.open(dir, from) : await inProcess(dir, from);
  // A new write-ahead log file is created by the commit that needs it. Filled with zeros (the
  // default), 16 MB written and, in memory, its buffer regrown and copied over and over: that
  // commit took up to 0.7 s and held the writer whose batch it was (a funding slice, say). Off, the
  // file gets its size from its last byte alone; nothing written to the log changes. PGlite has
  // one session, so the setting holds for every statement after.
  await embedded.query('set wal_init_zero = off', []);
  return new PGliteDialect(embedded);
}

/** PGlite on the calling thread: its CPU then holds up every request while a statement runs. */
async function inProcess(dir: string, template: string | undefined): Promise<EmbeddedDatabase> {
  // Loaded only here: the server's start does not wait for a module its own thread loads.
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(
    dir,
    template ? { loadDataDir: new Blob([await readFile(template)]) } : {},
  );
  return {
    query: (sql, params) => pglite.query(sql, [...params], { rowMode: 'object' }),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function migrate(db: Db): Promise<void> {
  if (await atLatestMigration(db)) return;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/**
 * Whether the database has exactly the migrations this code has: one read, where the migrator
 * would first look through every table twice (it takes a good part of a restart on PGlite).
 * Anything else, a fresh database included, is left to the migrator.
 */
async function atLatestMigration(db: Db): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations());
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** PostgreSQL's unique_violation, raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const hit = fieldOf(error, 'constraint');
  return fieldOf(error, 'code') === '23505' && (constraint === undefined || hit === constraint);
}
