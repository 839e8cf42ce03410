// Opens the system of record: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; then migrates.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  pgliteDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const { db, kind } = options.databaseUrl
    ? { db: openPostgres(options.databaseUrl), kind: 'postgres' as const }
    : { db: await openPGlite(options.pgliteDir), kind: 'pglite' as const };
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind, close: () => db.destroy() };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function openPGlite(dir: string): Promise<Db> {
  if (!dir.startsWith('memory://')) await mkdir(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir);
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
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
