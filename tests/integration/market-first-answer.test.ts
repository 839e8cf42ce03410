// The first answers after a fresh start, while the simulated history is still being stored: every
// listed market has the feed's live price, not a stale close or nothing. The history's writes are
// held back by the test until it has looked, so nothing here depends on how fast they are; once
// released, the stored history runs without a gap into the minutes drawn at start.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleRow, KlinePeriod, Ticker } from '../../schemas/api/market.schema.ts';
import { buildApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { outboxMailer } from '../../server/mail/outbox-mailer.ts';
import { marketsFor } from '../../server/market/catalog.ts';
import { seededNoise } from '../../server/market/feeds/noise.ts';
import { SimulatedFeed } from '../../server/market/feeds/simulated-feed.ts';
import { MarketService } from '../../server/market/market-service.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { eachDatabase } from '../support/each-database.ts';
import { expectOk } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { SocketClient } from '../support/socket-client.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const historyDays = 3;

const quiet = () => undefined;
const silentLog = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
} as unknown as FastifyBaseLogger;

/** A gate the test opens: until then every transaction on the database it wraps waits. */
function gated(db: Db): { db: Db; open(): void } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => ({
          execute: async <T>(run: Parameters<ReturnType<Db['transaction']>['execute']>[0]) => {
            await opened;
            return target.transaction().execute(run) as Promise<T>;
          },
        });
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, open };
}

describe.each(await eachDatabase())('the first answers on %s', (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  const scheduler = new FakeScheduler(Date.parse('2026-03-10T15:37:20Z'));
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  let openGate: () => void;
  let symbols: string[];

  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-first-answer-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: '100000',
      MARKET_HISTORY_DAYS: String(historyDays),
      SPOT_TRADING: 'false',
      LIQUIDITY_PROVIDER: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    opened = await openDatabase({ databaseUrl: database?.url, pgliteDir: 'memory://' });
    const markets = marketsFor(config.markets);
    symbols = markets.map((spec) => spec.symbol);
    const gate = gated(opened.db);
    openGate = gate.open;
    const feed = new SimulatedFeed({ noise: seededNoise(7), markets, scheduler });
    const outbox = outboxMailer(path.join(dataDir, 'outbox.ndjson'), systemClock);
    app = await buildApp({
      db: opened.db,
      clock: systemClock,
      config,
      email: outbox,
      sms: outbox,
      scheduler,
      market: new MarketService({
        markets,
        feeds: [feed],
        db: gate.db,
        scheduler,
        log: silentLog,
        historyDays,
      }),
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    openGate?.();
    await app?.close();
    await opened?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  const storedRows = async () => {
    const { rows } = await sql<{ count: string }>`select count(*) as count from candles`.execute(
      opened.db,
    );
    return Number(rows[0]?.count);
  };

  it.skipIf(skip)('lists every market with a live price before any history is stored', async () => {
    const api = new ApiClient(url);
    const answer = await api.get<{ simulated: boolean; list: Ticker[] }>('/market/exchange');
    expectOk(answer);
    const { list } = answer.body.data;
    expect(list.map((ticker) => ticker.symbol)).toEqual(symbols);
    const now = scheduler.now();
    for (const ticker of list) {
      expect(ticker.feed, ticker.symbol).toBe('simulated');
      expect(ticker.stale, ticker.symbol).toBe(false);
      // The feed's step of this very second, not the close of a month-old minute.
      expect(now - ticker.ts, ticker.symbol).toBeLessThan(1000);
      expect(Number(ticker.last), ticker.symbol).toBeGreaterThan(0);
    }

    const socket = await SocketClient.connect(url);
    try {
      const channels = symbols.map((symbol) => `ticker.${symbol}`);
      socket.subscribe(channels);
      await socket.until(
        () => channels.every((channel) => socket.on(channel).length > 0),
        'every ticker',
      );
      for (const channel of channels) {
        const data = socket.on(channel)[0]?.data as Ticker;
        expect(data.stale, channel).toBe(false);
      }
    } finally {
      socket.socket.close();
    }
    // Nothing of the history is stored yet: the first answers did not wait for it.
    expect(await storedRows()).toBe(0);
  });

  it.skipIf(skip)(
    'stores the history without a gap once its writes may go',
    async () => {
      openGate();
      const liveFrom = scheduler.now() - (scheduler.now() % minuteMs);
      const minutes = historyDays * 1440;
      await until(
        async () => {
          const { rows } = await sql<{ count: string }>`
          select count(*) as count from candles where period = '1m'`.execute(opened.db);
          return Number(rows[0]?.count);
        },
        (count) => count === minutes * symbols.length,
      );
      const api = new ApiClient(url);
      const all = async (symbol: string, period: KlinePeriod) => {
        const pages: CandleRow[][] = [];
        let before: number | undefined;
        for (;;) {
          const query: Record<string, string> = { symbol, period, limit: '1000' };
          if (before !== undefined) query.before = String(before);
          const answer = await api.get<{ candles: CandleRow[] }>('/market/kline', query);
          expectOk(answer);
          const page = answer.body.data.candles;
          if (page.length === 0) break;
          pages.unshift(page);
          before = (page[0] as CandleRow)[0];
        }
        return pages.flat();
      };
      for (const symbol of ['BTCUSDT', 'DOGEUSDT']) {
        const drawn = (await all(symbol, '1m')).filter((row) => row[0] < liveFrom);
        expect(drawn).toHaveLength(minutes);
        expect(drawn[0]?.[0]).toBe(liveFrom - historyDays * 86_400_000);
        drawn.slice(1).forEach((row, i) => {
          const previous = drawn[i] as CandleRow;
          expect(row[0] - previous[0]).toBe(minuteMs);
          // Each minute opens where the one before closed, across the junction too.
          expect(row[1], `open at ${row[0]}`).toBe(previous[4]);
        });
        // Each closed hour holds exactly its minutes.
        const hours = (await all(symbol, '1h')).filter((row) => row[0] + hourMs <= liveFrom);
        for (const hour of hours.slice(1)) {
          const inHour = drawn.filter((row) => row[0] >= hour[0] && row[0] < hour[0] + hourMs);
          expect(inHour).toHaveLength(60);
          const volume = inHour.reduce((sum, row) => sum + Number(row[5]), 0);
          expect(Number(hour[5])).toBeCloseTo(volume, 6);
          expect(hour[4]).toBe(inHour.at(-1)?.[4]);
          expect(hour[1]).toBe(inHour[0]?.[1]);
        }
      }
    },
    180_000,
  );
});
