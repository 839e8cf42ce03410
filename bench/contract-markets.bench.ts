// One perpetual's orders beside another's flood (`npm run bench -- contract-markets`), on PGlite
// and, when one answers, on PostgreSQL: crossing ETHUSDT longs at concurrency 32 straight into the
// contract engine, first alone, then while BTCUSDT takes crossing longs at concurrency 32 too, in
// the same run. It prints ETH's rate and p99 in each phase, their ratio (the target is ≥ 0.8: one
// market's load does not slow another's below 80 %), and BTC's rate beside. Each phase waits for a
// number of answered orders, not a time. On PostgreSQL a third phase holds a BTC batch in the
// database for two seconds (a row its fill must update, locked) and prints the longest time no ETH
// order was answered meanwhile: with one writer for every market, the whole hold.
// `CONTRACT_MARKETS_ORDERS` (3,000), `..._WARMUP` (500) and `..._CONCURRENCY` (32) change the run.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { auditLedger } from '../server/ledger-audit.ts';
import { perpetual } from '../tests/support/perpetuals.ts';
import { readyContractMarkets } from '../tests/support/ready-writers.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';
import { crossingOrders } from './funding-load/crossing-orders.ts';
import { type PhaseStats, phaseStats, TimedLoad } from './funding-load/timed-load.ts';
import { type Column, markdownTable } from './table.ts';

const orders = Number(process.env.CONTRACT_MARKETS_ORDERS ?? 3_000);
const warmup = Number(process.env.CONTRACT_MARKETS_WARMUP ?? 500);
const concurrency = Number(process.env.CONTRACT_MARKETS_CONCURRENCY ?? 32);
const usdt = 100_000_000n;
const holdMs = 2_000;

const btc = { market: perpetual('BTCUSDT'), mark: 100_000n * usdt, quantity: 20_000n };
/** 0.002 ETH: ETH's minimum order value is 5 USDT. */
const eth = { market: perpetual('ETHUSDT'), mark: 3_000n * usdt, quantity: 200_000n };

interface Run {
  database: string;
  alone: PhaseStats;
  beside: PhaseStats;
  flood: PhaseStats;
  /** ETH while a BTC batch is held in the database (PostgreSQL only). */
  held: PhaseStats | undefined;
  ledgerProblems: number;
}

/**
 * Holds the first resting BTC order's row for `holdMs` while one BTC order that fills against it
 * waits; answers the window the hold lasted.
 */
async function holdBtcBatch(db: Db, cross: () => Promise<boolean>) {
  let locked = () => {};
  const taken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = db.transaction().execute(async (trx) => {
    await sql`select id from contract_orders where symbol = ${btc.market.symbol}
      and status in ('open', 'partially_filled') order by id limit 1 for update`.execute(trx);
    locked();
    await sleep(holdMs);
  });
  await taken;
  const from = performance.now();
  const waiting = cross();
  await holding;
  const to = performance.now();
  await waiting;
  return { from, to };
}

async function measure(database: string, open: OpenFresh): Promise<Run> {
  const { opened, close } = await open();
  try {
    const { db } = opened;
    const engine = await readyContractMarkets(db, [btc, eth]);
    const ethCrossing = await crossingOrders(
      db,
      engine,
      eth.market,
      eth.mark,
      concurrency,
      eth.quantity,
    );
    const btcCrossing = await crossingOrders(
      db,
      engine,
      btc.market,
      btc.mark,
      concurrency,
      btc.quantity,
    );

    const ethLoad = new TimedLoad(concurrency, ethCrossing);
    await ethLoad.answered(warmup);
    const aloneFrom = performance.now();
    await ethLoad.answered(orders);
    const aloneTo = performance.now();

    const btcLoad = new TimedLoad(concurrency, btcCrossing);
    await btcLoad.answered(warmup);
    const besideFrom = performance.now();
    await ethLoad.answered(orders);
    const besideTo = performance.now();
    await Promise.all([ethLoad.stop(), btcLoad.stop()]);

    let held: PhaseStats | undefined;
    if (database === 'PostgreSQL') {
      const load = new TimedLoad(concurrency, ethCrossing);
      await load.answered(warmup);
      const window = await holdBtcBatch(db, () => btcCrossing(0));
      await load.stop();
      held = phaseStats(load.orders, window.from, window.to, 'overlapping');
    }
    return {
      database,
      held,
      alone: phaseStats(ethLoad.orders, aloneFrom, aloneTo, 'inside'),
      beside: phaseStats(ethLoad.orders, besideFrom, besideTo, 'inside'),
      flood: phaseStats(btcLoad.orders, besideFrom, besideTo, 'inside'),
      ledgerProblems: (await auditLedger(db)).length,
    };
  } finally {
    await close();
  }
}

const ms = (value: number) => value.toFixed(1);

export async function run(): Promise<void> {
  const runs: Run[] = [];
  for (const [database, open] of await benchDatabases()) {
    runs.push(await measure(database, open));
    process.stderr.write(`${database}: measured\n`);
  }
  const columns: Column[] = [
    { title: 'database' },
    { title: 'ETH alone, orders/s', align: 'right' },
    { title: 'ETH beside BTC, orders/s', align: 'right' },
    { title: 'ratio', align: 'right' },
    { title: 'ETH p99 alone / beside, ms', align: 'right' },
    { title: 'BTC beside, orders/s', align: 'right' },
    { title: `ETH unanswered during a ${holdMs / 1000} s BTC hold, longest ms`, align: 'right' },
    { title: 'failed', align: 'right' },
    { title: 'ledger problems', align: 'right' },
  ];
  const rows = runs.map((r) => [
    r.database,
    r.alone.perSecond.toFixed(0),
    r.beside.perSecond.toFixed(0),
    (r.beside.perSecond / r.alone.perSecond).toFixed(2),
    `${ms(r.alone.p99Ms)} / ${ms(r.beside.p99Ms)}`,
    r.flood.perSecond.toFixed(0),
    r.held ? ms(r.held.longestSilenceMs) : '–',
    String(r.alone.failed + r.beside.failed + r.flood.failed + (r.held?.failed ?? 0)),
    String(r.ledgerProblems),
  ]);
  console.log(
    `\nOne perpetual beside another's flood: ${orders} crossing ETHUSDT orders at concurrency ${concurrency} alone, then as many while BTCUSDT takes the same load\n`,
  );
  console.log(markdownTable(columns, rows));
}
