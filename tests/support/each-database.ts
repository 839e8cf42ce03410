// Integration tests on both databases: PGlite always, PostgreSQL when one answers (a database of
// the test file's own, dropped once its server has stopped).
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { type InProcessServer, startInProcessServer } from './in-process-server.ts';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

/** A case of `describe.each`: its name, and PostgreSQL's database (undefined for PGlite). */
export type DatabaseCase = readonly [name: string, database: TestDatabase | undefined];

/** The embedded database, and PostgreSQL with a fresh database (none when none answers). */
export async function eachDatabase(): Promise<DatabaseCase[]> {
  return [
    ['the embedded database', undefined],
    ['PostgreSQL', await createTestDatabase()],
  ];
}

export interface ServerOnDatabase {
  /** PostgreSQL was asked for and none answers: the case's tests are skipped. */
  skip: boolean;
  server(): InProcessServer;
}

/** An in-process server on the case's database for the enclosing `describe`. */
export function serverOn(
  [name, database]: DatabaseCase,
  clock: Clock,
  env: Record<string, string> = {},
): ServerOnDatabase {
  const skip = name === 'PostgreSQL' && !database;
  let server: InProcessServer | undefined;
  beforeAll(async () => {
    if (!skip) server = await startInProcessServer(clock, env, database?.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  return {
    skip,
    server() {
      if (!server) throw new Error(`the server on ${name} did not start`);
      return server;
    },
  };
}

export interface DatabaseOnCase {
  /** PostgreSQL was asked for and none answers: the case's tests are skipped. */
  skip: boolean;
  opened(): OpenedDatabase;
}

/**
 * The case's database, migrated and with no server, for the enclosing `describe`: the embedded
 * one in memory, or PostgreSQL's, dropped once closed.
 */
export function databaseOn([name, database]: DatabaseCase): DatabaseOnCase {
  const skip = name === 'PostgreSQL' && !database;
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    if (!skip) opened = await openDatabase({ databaseUrl: database?.url, pgliteDir: 'memory://' });
  }, 300_000);
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  }, 300_000);
  return {
    skip,
    opened() {
      if (!opened) throw new Error(`the database on ${name} did not open`);
      return opened;
    },
  };
}
