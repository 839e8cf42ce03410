// Storing the simulated history beside other writes (`npm run bench -- history-backfill`): on
// PGlite, and PostgreSQL when one answers, each on a fresh database, the missing history of 8
// markets is stored twice in the same run: as it was (half a day per transaction, back to back)
// and as it is now (`historyChunkMinutes` per transaction, the writer resting twice a write's time
// after each). Meanwhile a probe writes one row per transaction, four at a time, standing in for
// orders. Reported: the longest single history transaction, the time to store it all, and the
// probe's rate during the storing against its rate alone on the same database. Then real orders:
// a server process's first start with the default 30 days of history, resting spot orders at
// concurrency 32 while that history is stored and again after (`HISTORY_BENCH_ORDERS=false`
// skips it).
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { CandleWriter, historyRestFactor } from '../server/market/candle-writer.ts';
import { defaultMarkets, marketsFor } from '../server/market/catalog.ts';
import { seededNoise } from '../server/market/feeds/noise.ts';
import { SimulatedFeed } from '../server/market/feeds/simulated-feed.ts';
import {
  historyChunkMinutes,
  planHistory,
  storeMissingHistory,
} from '../server/market/history-backfill.ts';
import { MarketState } from '../server/market/market-state.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { benchDatabases } from './databases.ts';
import { measured } from './orders/measured.ts';
import { restingBuy, spotTraders } from './orders/spot-orders.ts';
import { place, type Trader } from './orders/traders.ts';
import { markdownTable } from './table.ts';

const historyDays = Number(process.env.HISTORY_BENCH_DAYS ?? 4);
const probeConcurrency = 4;
const probeAloneMs = 3000;
const quiet = () => undefined;
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

interface Variant {
  name: string;
  chunkMinutes: number;
  restFactor: number;
}

const variants: Variant[] = [
  { name: 'before: 720 min a transaction, back to back', chunkMinutes: 720, restFactor: 0 },
  {
    name: `now: ${historyChunkMinutes} min a transaction, resting ${historyRestFactor}× its time`,
    chunkMinutes: historyChunkMinutes,
    restFactor: historyRestFactor,
  },
];

/** Runs the probe until `done` resolves; answers its transactions per second. */
async function probe(db: Db, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  let count = 0;
  const began = performance.now();
  const worker = async () => {
    while (!finished) {
      await db
        .transaction()
        .execute((trx) => sql`insert into bench_probe (v) values (1)`.execute(trx));
      count++;
    }
  };
  await Promise.all(Array.from({ length: probeConcurrency }, worker));
  return (count * 1000) / (performance.now() - began);
}

async function storeWith(db: Db, variant: Variant) {
  const now = Date.parse('2026-03-10T15:37:20Z');
  const markets = marketsFor([...defaultMarkets]);
  const feed = new SimulatedFeed({
    noise: seededNoise(3),
    markets,
    scheduler: { now: () => now } as never,
  });
  const plans = markets.map((spec) =>
    planHistory({
      feed,
      state: new MarketState(spec, feed.name),
      stored: new Map(),
      now,
      historyDays,
    }),
  );
  const writer = new CandleWriter(db, log, variant.restFactor);
  const began = performance.now();
  const stored = (async () => {
    await storeMissingHistory({
      feed,
      plans,
      writer,
      log,
      chunkMinutes: variant.chunkMinutes,
      stopping: () => false,
      olderHandedOver: () => undefined,
      handedOver: () => undefined,
    });
    await writer.historyStored();
  })();
  const rate = await probe(db, stored);
  await stored;
  return {
    longestMs: writer.longestHistoryWriteMs,
    storedMs: performance.now() - began,
    rows: writer.historyRows,
    rate,
  };
}

const orderConcurrency = 32;
const orderSeconds = 5;

/** Resting orders per second during the first start's history storing and after it. */
async function ordersDuringHistory(env: Record<string, string>) {
  const server = await startServerProcess(
    { ...env, LIQUIDITY_PROVIDER: 'false', MARKET_HISTORY_DAYS: '30' },
    { until: 'listening' },
  );
  try {
    const { resting } = await spotTraders(server, orderConcurrency);
    const rate = async () => {
      const { result } = await measured(server, orderConcurrency, orderSeconds, (worker) =>
        place(resting[worker] as Trader, restingBuy),
      );
      return result.done / result.seconds;
    };
    const during = await rate();
    const storedWhileMeasuring = server.logged('market history stored');
    await server.waitForLog('market history stored');
    const after = await rate();
    if (during === 0 || after === 0) throw new Error('the resting orders were refused');
    return { during, after, storedWhileMeasuring };
  } finally {
    await server.stop();
  }
}

async function ordersTable(): Promise<string> {
  const cases: [string, Record<string, string>][] = [['PGlite', {}]];
  const postgres = await createTestDatabase();
  if (postgres) cases.push(['PostgreSQL', { DATABASE_URL: postgres.url }]);
  const rows: string[][] = [];
  try {
    for (const [database, env] of cases) {
      const { during, after, storedWhileMeasuring } = await ordersDuringHistory(env);
      rows.push([
        database,
        during.toFixed(0),
        after.toFixed(0),
        `${((100 * during) / after).toFixed(0)} %${storedWhileMeasuring ? ' (history stored before the end)' : ''}`,
      ]);
    }
  } finally {
    await postgres?.drop();
  }
  const right = (title: string) => ({ title, align: 'right' as const });
  return markdownTable(
    [
      { title: 'database' },
      right('resting orders/s while history is stored'),
      right('after'),
      right('during ÷ after'),
    ],
    rows,
  );
}

export async function run(): Promise<void> {
  const rows: string[][] = [];
  for (const [database, openFresh] of await benchDatabases()) {
    for (const variant of variants) {
      const fresh = await openFresh();
      try {
        const { db } = fresh.opened;
        await sql`create table bench_probe (id bigserial primary key, v int)`.execute(db);
        const alone = await probe(db, new Promise((resolve) => setTimeout(resolve, probeAloneMs)));
        const result = await storeWith(db, variant);
        rows.push([
          database,
          variant.name,
          String(result.rows),
          result.longestMs.toFixed(0),
          (result.storedMs / 1000).toFixed(1),
          alone.toFixed(0),
          result.rate.toFixed(0),
          `${((100 * result.rate) / alone).toFixed(0)} %`,
        ]);
      } finally {
        await fresh.close();
      }
    }
  }
  const right = (title: string) => ({ title, align: 'right' as const });
  process.stdout.write(
    `${historyDays} days of history for ${defaultMarkets.length} markets; probe: ${probeConcurrency} concurrent one-row write transactions.\n\n${markdownTable(
      [
        { title: 'database' },
        { title: 'history writes' },
        right('rows'),
        right('longest transaction, ms'),
        right('stored in, s'),
        right('probe alone, tx/s'),
        right('probe during, tx/s'),
        right('during ÷ alone'),
      ],
      rows,
    )}\n`,
  );
  if (process.env.HISTORY_BENCH_ORDERS === 'false') return;
  process.stdout.write(
    `\nResting spot orders at concurrency ${orderConcurrency}, ${orderSeconds} s each, over HTTP, on a first start with 30 days of history for 8 markets:\n\n${await ordersTable()}\n`,
  );
}
