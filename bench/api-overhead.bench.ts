// What the wire contract costs per request: our router (token check, request parse, response
// check, localized envelope) against a bare Fastify route answering the same bytes, in one run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createSession, sessionLimitsOf } from '../server/accounts/sessions.ts';
import { createUser } from '../server/accounts/users.ts';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { outboxMailer } from '../server/mail/outbox-mailer.ts';
import { measure, printTable } from './table.ts';

const requests = 20_000;

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  const outbox = outboxMailer(path.join(dataDir, 'outbox.ndjson'), systemClock);
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config,
    email: outbox,
    sms: outbox,
  });
  const user = await createUser(
    database.db,
    { email: 'bench@example.com', phone: undefined, passwordHash: 'x', inviterId: null },
    new Date(),
  );
  const limits = sessionLimitsOf(config);
  const { token } = await createSession(database.db, systemClock, limits, user.id, {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });

  const bare = Fastify({ logger: false });
  const logoBody = {
    code: 200,
    msg: 'Success',
    data: { name: 'Meridian', head_logo: '/logo.svg' },
  };
  bare.get('/api/index/logo', async () => logoBody);
  await bare.ready();

  // The same app stack (security headers, rate limit, language hook) with a hand-written route,
  // to tell the contract's own cost from the plugins'.
  app.get('/bench/raw-logo', async () => logoBody);

  const baseline = await measure('bare Fastify, same answer (baseline)', requests, () =>
    bare.inject({ method: 'GET', url: '/api/index/logo' }),
  );
  const stack = await measure('same plugins, hand-written route', requests, () =>
    app.inject({ method: 'GET', url: '/bench/raw-logo', headers: { lang: 'de' } }),
  );
  const logo = await measure('GET /index/logo through the contract', requests, () =>
    app.inject({ method: 'GET', url: '/api/index/logo', headers: { lang: 'de' } }),
  );
  const invalid = await measure('POST /login/index, invalid body (refused)', requests, () =>
    app.inject({
      method: 'POST',
      url: '/api/login/index',
      payload: 'account=&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  const userInfo = await measure('GET /security/index with a token (2 queries)', requests / 4, () =>
    app.inject({
      method: 'GET',
      url: '/api/security/index',
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  printTable([baseline, stack, logo, invalid, userInfo], baseline);

  await app.close();
  await bare.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
