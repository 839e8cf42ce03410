// Starts the real server twice for the integration suite: on PGlite, and on PostgreSQL when reachable.
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import type { TestServer } from '../support/test-server.ts';

let running: ServerProcess[] = [];
let database: TestDatabase | undefined;

export async function setup(project: TestProject): Promise<void> {
  database = await createTestDatabase();
  const [pglite, postgres] = await Promise.all([
    startServerProcess(),
    database ? startServerProcess({ DATABASE_URL: database.url }) : undefined,
  ]);
  running = postgres ? [pglite, postgres] : [pglite];
  const servers: TestServer[] = [{ name: 'pglite', url: pglite.url, dataDir: pglite.dataDir }];
  if (postgres && database) {
    servers.push({
      name: 'postgres',
      url: postgres.url,
      dataDir: postgres.dataDir,
      databaseUrl: database.url,
    });
  }
  project.provide('servers', servers);
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((server) => server.stop()));
  await database?.drop();
}
