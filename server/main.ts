// Starts Meridian: settings, database, modules, HTTP server, logging each step and how long it
// took; stops cleanly on SIGTERM, SIGINT or SIGHUP, whenever during the start it arrives.
// Only what opening the database needs is imported up front: the embedded database opens on its
// own thread while this one loads the rest of the server.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Bus } from './bus/bus.ts';
import { BusUnreachable, openBus } from './bus/open-bus.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type OpenedDatabase, openDatabase } from './db/database.ts';

/** The rest of the server, loaded while the database opens. */
async function loadServer() {
  const [app, clock, rateWindows, outbox, smtp] = await Promise.all([
    import('./app.ts'),
    import('./clock.ts'),
    import('./accounts/rate-windows.ts'),
    import('./mail/outbox-mailer.ts'),
    import('./mail/smtp-mailer.ts'),
  ]);
  return {
    buildApp: app.buildApp,
    systemClock: clock.systemClock,
    pruneWindows: rateWindows.pruneWindows,
    outboxMailer: outbox.outboxMailer,
    smtpMailer: smtp.smtpMailer,
  };
}

const stopSignals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** What has been opened so far: a stop closes exactly these, in reverse. */
interface Running {
  database?: OpenedDatabase;
  bus?: Bus;
  app?: FastifyInstance;
  smtp?: { close(): void };
  pruning?: NodeJS.Timeout;
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The app's logger exists only once the app is built; this one (same format) covers the steps
  // before it, so a slow database open is never silent.
  const log = pino({ level: config.logLevel });
  const running: Running = {};
  let stopping: string | undefined;
  let starting: Promise<void> = Promise.resolve();

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = signal;
    log.info({ signal }, 'shutting down');
    // A step under way finishes first: closing a database half-open would leave it to recover.
    await starting.catch(() => undefined);
    try {
      clearInterval(running.pruning);
      await running.app?.close();
      running.smtp?.close();
      await running.bus?.close();
      await running.database?.close();
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
    log.info({ signal }, 'stopped');
    process.exit(0);
  };
  for (const signal of stopSignals) process.on(signal, () => void stop(signal));
  // Started over an IPC channel (by the start script, by the tests), the server ends with the
  // process that started it, even one killed outright.
  if (process.channel) process.on('disconnect', () => void stop('disconnect'));

  starting = start(config, log, running, () => stopping !== undefined);
  try {
    await starting;
  } catch (error) {
    await running.bus?.close().catch(() => undefined);
    await running.database?.close().catch(() => undefined);
    throw error;
  }
}

async function start(
  config: Config,
  log: pino.Logger,
  running: Running,
  stopRequested: () => boolean,
): Promise<void> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  log.info({ database: kind }, 'opening the database');
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    pgliteThread: config.pgliteThread,
  }).then((database) => {
    running.database = database;
    const { openMs, migrateMs } = database.timings;
    log.info({ database: kind, ms: openMs, migrationsMs: migrateMs }, 'database open');
    return database;
  });
  const loading = loadServer();
  const connecting = openBus(config, log).then((bus) => {
    running.bus = bus;
    return bus;
  });
  // All settle first: a failure is reported with the rest opened, so it can be closed.
  const [opened, loaded, connected] = await Promise.allSettled([opening, loading, connecting]);
  if (opened.status === 'rejected') throw opened.reason;
  if (loaded.status === 'rejected') throw loaded.reason;
  if (connected.status === 'rejected') throw connected.reason;
  const bus = connected.value;
  const database = opened.value;
  const { buildApp, systemClock, pruneWindows, outboxMailer, smtpMailer } = loaded.value;
  log.info({ ms: sinceProcessStart() }, 'server loaded');
  if (stopRequested()) return;

  const clock = systemClock;
  const outbox = outboxMailer(path.join(config.dataDir, 'outbox.ndjson'), clock);
  const smtp = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  if (smtp) running.smtp = smtp;
  const app = await buildApp({
    db: database.db,
    databaseStats: database.stats,
    clock,
    config,
    email: smtp ?? outbox,
    sms: outbox,
    bus,
  });
  running.app = app;
  if (stopRequested()) return;

  running.pruning = setInterval(() => {
    pruneWindows(database.db, clock).catch((err: unknown) => app.log.warn({ err }, 'prune failed'));
  }, 3_600_000);
  running.pruning.unref();

  const testKeys = Object.entries(config.walletXpubs)
    .filter(([, xpub]) => xpub.isDevelopmentDefault)
    .map(([family]) => family);
  if (testKeys.length > 0) {
    // Their private keys are public: fine for the simulated chain, never for real deposits.
    app.log.warn({ families: testKeys }, 'deposit addresses derive from the public test keys');
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: address, database: database.kind, startupMs: sinceProcessStart() },
    'listening',
  );
}

/** Milliseconds since the process started (what a restart costs, module loading included). */
function sinceProcessStart(): number {
  return Math.round(performance.now());
}

main().catch((error: unknown) => {
  if (error instanceof BusUnreachable) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Meridian failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
