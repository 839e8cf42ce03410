// The real app listening inside the test process on a database that outlives it: stopping it closes
// the app alone, and starting again builds a new app on the same database and data directory, as a
// restarted server would find them. For tests of what a restart keeps and resumes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { outboxMailer } from '../../server/mail/outbox-mailer.ts';

export interface ReopenedServer {
  url: string;
  dataDir: string;
  db: Db;
  /** Closes the app and builds it again on the same database. */
  restart(): Promise<void>;
  /** Closes the app, the database and removes the data directory. */
  stop(): Promise<void>;
}

export async function startReopenedServer(
  clock: Clock,
  env: Record<string, string>,
  databaseUrl?: string,
): Promise<ReopenedServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-reopened-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_PER_MINUTE: '100000',
    MARKET_HISTORY_DAYS: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database: OpenedDatabase = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const outbox = outboxMailer(path.join(dataDir, 'outbox.ndjson'), clock);
  let app: FastifyInstance | undefined;
  let port = 0;
  const open = async () => {
    app = await buildApp({ db: database.db, clock, config, email: outbox, sms: outbox });
    // The same port again, so clients made before the restart still reach it.
    const url = await app.listen({ port, host: '127.0.0.1' });
    port = Number(new URL(url).port);
    return url;
  };
  const server: ReopenedServer = {
    url: await open(),
    dataDir,
    db: database.db,
    async restart() {
      await app?.close();
      app = undefined;
      server.url = await open();
    },
    async stop() {
      await app?.close();
      app = undefined;
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
