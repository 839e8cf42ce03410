// Starts the real server twice for the integration suite: on PGlite, and on PostgreSQL when
// reachable. What it started is stopped at teardown, and at once when a start fails.
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import type { TestServer } from '../support/test-server.ts';

let running: ServerProcess[] = [];
let database: TestDatabase | undefined;

export async function setup(project: TestProject): Promise<void> {
  database = await createTestDatabase();
  // The files that share these servers test accounts, sessions and the protocol, and place no
  // order: without the liquidity provider, which requotes every market each second, an idle
  // server leaves the cores to the tests running beside it.
  const shared = { LIQUIDITY_PROVIDER: 'false' };
  const starts = await Promise.allSettled([
    startServerProcess(shared),
    database
      ? startServerProcess({ ...shared, DATABASE_URL: database.url })
      : Promise.resolve(undefined),
  ]);
  running = starts.flatMap((start) =>
    start.status === 'fulfilled' && start.value ? [start.value] : [],
  );
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    // No teardown follows a failed setup: the server that did start stops here.
    await teardown();
    throw failed.reason;
  }
  const [pglite, postgres] = starts.map((start) =>
    start.status === 'fulfilled' ? start.value : undefined,
  );
  if (!pglite) throw new Error('the PGlite server did not start');
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
  running = [];
  await database?.drop();
  database = undefined;
}
