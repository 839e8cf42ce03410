// With SMTP_URL set, codes leave by SMTP: a local SMTP server receives the message with the code.

import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { outboxMailer } from '../../server/mail/outbox-mailer.ts';
import { smtpMailer } from '../../server/mail/smtp-mailer.ts';
import { newEmail, readOutbox } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ManualClock } from '../support/manual-clock.ts';

const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let database: OpenedDatabase;
let app: FastifyInstance;
let url: string;
let dataDir: string;
let mailer: ReturnType<typeof smtpMailer>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;

  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-smtp-'));
  const clock = new ManualClock();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'loopback',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Meridian <codes@meridian.test>',
  });
  database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  mailer = smtpMailer(config.smtpUrl ?? '', config.mailFrom);
  const outbox = outboxMailer(path.join(dataDir, 'outbox.ndjson'), clock);
  app = await buildApp({ db: database.db, clock, config, email: mailer, sms: outbox });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  mailer.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

it('sends the email code through the relay, in the request language, and not to the outbox', async () => {
  const email = newEmail();
  const answer = await new ApiClient(url).get('/register/sendemail', { email }, { lang: 'fr' });
  expect(answer.body.code).toBe(200);
  const message = received.find((m) => m.to === email);
  expect(message?.raw).toMatch(/From: Meridian <codes@meridian\.test>/);
  expect(message?.raw).toMatch(/Subject: .*(Code|=\?UTF-8\?)/);
  expect(message?.raw).toMatch(/\b\d{6}\b/);
  expect(await readOutbox(dataDir)).toEqual([]);
});
