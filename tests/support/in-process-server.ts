// The real app listening on a real port inside the test process, for tests that must move the clock
// or look into the database. Everything else tests a separate server process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import type { AppDeps } from '../../server/deps.ts';
import { outboxMailer } from '../../server/mail/outbox-mailer.ts';

export interface InProcessServer {
  url: string;
  dataDir: string;
  db: Db;
  app: FastifyInstance;
  stop(): Promise<void>;
}

export async function startInProcessServer(
  clock: Clock,
  env: Record<string, string> = {},
  databaseUrl?: string,
  options: Pick<AppDeps, 'feeds' | 'scheduler' | 'bus' | 'binanceEndpoints'> = {},
): Promise<InProcessServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-inproc-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_PER_MINUTE: '100000',
    MARKET_HISTORY_DAYS: '1',
    // The app runs its engines under a lease on PostgreSQL, at once on the embedded database.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const outbox = outboxMailer(path.join(dataDir, 'outbox.ndjson'), clock);
  const app = await buildApp({
    db: database.db,
    clock,
    config,
    email: outbox,
    sms: outbox,
    ...(options.feeds ? { feeds: options.feeds } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.binanceEndpoints ? { binanceEndpoints: options.binanceEndpoints } : {}),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    dataDir,
    db: database.db,
    app,
    async stop() {
      await app.close();
      await options.bus?.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one in-process server for the enclosing `describe` and answers a getter for it. */
export function useInProcessServer(clock: Clock, env: Record<string, string> = {}) {
  let server: InProcessServer | undefined;
  beforeAll(async () => {
    server = await startInProcessServer(clock, env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return (): InProcessServer => {
    if (!server) throw new Error('the in-process server did not start');
    return server;
  };
}
