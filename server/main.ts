// Starts Meridian: settings, database, transports, HTTP server; stops cleanly on SIGTERM or SIGINT.
import path from 'node:path';
import { pruneWindows } from './accounts/rate-windows.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { outboxMailer } from './mail/outbox-mailer.ts';
import { smtpMailer } from './mail/smtp-mailer.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    pgliteThread: config.pgliteThread,
  });
  const clock = systemClock;
  const outbox = outboxMailer(path.join(config.dataDir, 'outbox.ndjson'), clock);
  const smtp = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const app = await buildApp({
    db: database.db,
    databaseStats: database.stats,
    clock,
    config,
    email: smtp ?? outbox,
    sms: outbox,
  });

  const pruning = setInterval(() => {
    pruneWindows(database.db, clock).catch((err: unknown) => app.log.warn({ err }, 'prune failed'));
  }, 3_600_000);
  pruning.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(pruning);
    await app.close();
    smtp?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const testKeys = Object.entries(config.walletXpubs)
    .filter(([, xpub]) => xpub.isDevelopmentDefault)
    .map(([family]) => family);
  if (testKeys.length > 0) {
    // Their private keys are public: fine for the simulated chain, never for real deposits.
    app.log.warn({ families: testKeys }, 'deposit addresses derive from the public test keys');
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: address, database: database.kind }, 'listening');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Meridian failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
