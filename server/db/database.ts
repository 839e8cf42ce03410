// Opens the system of record: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; then migrates.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Dialect, Kysely, type LogEvent, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDir: string;
  /** PGlite on its own thread (the default) or on the event loop that answers requests. */
  pgliteThread?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  const stats: DatabaseStats = { kind, statements: 0 };
  // Counting costs an increment per statement: cheap enough to keep on for `ops stats`.
  const log = (event: LogEvent) => {
    if (event.level === 'query') stats.statements++;
  };
  const dialect = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPGlite(options.pgliteDir, options.pgliteThread ?? true);
  const db = new Kysely<Database>({ dialect, log });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind, stats, close: () => db.destroy() };
}

function openPostgres(url: string): Dialect {
  return new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) });
}

async function openPGlite(dir: string, thread: boolean): Promise<Dialect> {
  if (!dir.startsWith('memory://')) await mkdir(path.dirname(dir), { recursive: true });
  return new PGliteDialect(thread ? await PGliteClient.open(dir) : await inProcess(dir));
}

/** PGlite on the calling thread: its CPU then holds up every request while a statement runs. */
async function inProcess(dir: string): Promise<EmbeddedDatabase> {
  const pglite = await PGlite.create(dir);
  return {
    query: (sql, params) => pglite.query(sql, params as unknown[], { rowMode: 'object' }),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** PostgreSQL's unique_violation, raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: hit } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || hit === constraint);
}
