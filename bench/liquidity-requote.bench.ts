// The cost of one requote of the liquidity provider (`npm run bench -- liquidity-requote`): the old
// default ladder (10 levels a side, 2,000 USDT each) beside the default depth profile (20 levels a
// side from 40,000 USDT growing 10 % a level: BTC's book, server/market-kernel/liquidity/
// depth-profile.ts), both on BTCUSDT through the market's single writer on a fresh database each:
// the spot writer and the perpetual contract engine, on PGlite and on PostgreSQL when one answers.
// Each requote follows an index move of 3 bp, more than half a step, as the provider's own does,
// so every level is cancelled and placed again: the most a requote costs. The ladder's own
// arithmetic is timed alone as well. `REQUOTE_COUNT` sets the requotes timed per case (200).
import { performance } from 'node:perf_hooks';
import { contractMarketOf } from '../server/contract/contract-markets.ts';
import type { Db } from '../server/db/database.ts';
import { knownMarkets } from '../server/market/catalog.ts';
import {
  type LadderSettings,
  ladder,
  type Quote,
} from '../server/market-kernel/liquidity/ladder.ts';
import { spotMarketOf } from '../server/spot/spot-markets.ts';
import { readyContractEngine, readySpotWriter } from '../tests/support/ready-writers.ts';
import { fundedUsers } from '../tests/support/writer-fixtures.ts';
import { benchDatabases } from './databases.ts';
import { markdownTable } from './table.ts';

const count = Number(process.env.REQUOTE_COUNT ?? 200);
const usdt = 100_000_000n;

const spec = knownMarkets.find((market) => market.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
/** Quote units (cents × 10^-5 BTC) in one USDT. */
const units = 10n ** BigInt(spec.priceScale + spec.quantityScale);

const ladders: [string, LadderSettings][] = [
  [
    'old default: 10 levels × 2,000 USDT',
    { spreadBps: 10, stepBps: 5, levels: 10, levelQuote: 2_000n * units },
  ],
  [
    'depth profile: 20 levels, 40,000 USDT × 1.1^i',
    { spreadBps: 10, stepBps: 5, levels: 20, levelQuote: 40_000n * units, growthPermille: 1100 },
  ],
];

/** The two indexes a requote alternates between, 3 bp apart (cents). */
const indexes = [9_700_000, 9_702_910];

interface Writer {
  name: string;
  requote(
    user: number,
    quotes: readonly Quote[],
    resting: readonly number[] | null,
  ): Promise<number[]>;
}

async function spotWriter(db: Db): Promise<{ writer: Writer; user: number }> {
  const market = spotMarketOf(spec as NonNullable<typeof spec>, 5n, {
    makerPpm: 1_000,
    takerPpm: 1_000,
  });
  const writer = await readySpotWriter(db, market);
  const [user = 0] = await fundedUsers(db, 1, [
    { wallet: 'funding', asset: 'USDT', amount: 12_000_000n * usdt },
    { wallet: 'funding', asset: 'BTC', amount: 100n * usdt },
  ]);
  return { writer: { name: 'spot writer', requote: (...args) => writer.requote(...args) }, user };
}

async function contractWriter(db: Db): Promise<{ writer: Writer; user: number }> {
  const market = contractMarketOf(spec as NonNullable<typeof spec>, 5n, {
    makerPpm: 200,
    takerPpm: 500,
  });
  const engine = await readyContractEngine(db, market, 97_000n * usdt);
  const [user = 0] = await fundedUsers(db, 1, [
    { wallet: 'contract', asset: 'USDT', amount: 5_000_000n * usdt },
  ]);
  return {
    writer: {
      name: 'perpetual engine',
      requote: (id, quotes, resting) => engine.requote(id, market.symbol, quotes, 10, resting),
    },
    user,
  };
}

interface Row {
  database: string;
  writer: string;
  ladder: string;
  orders: number;
  p50: number;
  p99: number;
  perSecond: number;
}

/** The market's rules in units, as both the timed requotes and the ladder alone build with. */
const rules = {
  tickSize: 1,
  lotSize: 1,
  minNotional: 5 * Number(units),
  maxPrice: 1e9,
  maxQuantity: 9e6,
};

/** Times `count` requotes after as many untimed ones; answers milliseconds at p50 and p99. */
async function timeRequotes(writer: Writer, user: number, settings: LadderSettings) {
  const wanted = indexes.map((index) => ladder(index, rules, settings));
  let resting: number[] | null = null;
  let placed = 0;
  const run = async (i: number) => {
    resting = await writer.requote(user, wanted[i % 2] ?? [], resting);
    placed = resting.length;
  };
  for (let i = 0; i < count; i++) await run(i);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { orders: placed, p50: at(0.5), p99: at(0.99), perSecond: (count * 1000) / total };
}

/** The ladder's arithmetic alone, microseconds per ladder. */
function timeLadder(settings: LadderSettings): number {
  const rounds = 20_000;
  for (let i = 0; i < 2_000; i++) ladder(indexes[i % 2] ?? 0, rules, settings);
  const started = performance.now();
  for (let i = 0; i < rounds; i++) ladder(indexes[i % 2] ?? 0, rules, settings);
  return ((performance.now() - started) * 1000) / rounds;
}

export async function run(): Promise<void> {
  const rows: Row[] = [];
  for (const [database, openFresh] of await benchDatabases()) {
    for (const open of [spotWriter, contractWriter]) {
      for (const [name, settings] of ladders) {
        const { opened, close } = await openFresh();
        try {
          const { writer, user } = await open(opened.db);
          rows.push({
            database,
            writer: writer.name,
            ladder: name,
            ...(await timeRequotes(writer, user, settings)),
          });
        } finally {
          await close();
        }
      }
    }
  }
  const right = (title: string) => ({ title, align: 'right' as const });
  const baseline = (row: Row) =>
    rows.find((other) => other.database === row.database && other.writer === row.writer) ?? row;
  const table = markdownTable(
    [
      { title: 'database' },
      { title: 'writer' },
      { title: 'ladder' },
      right('orders resting'),
      right('requotes/s'),
      right('p50 ms'),
      right('p99 ms'),
      right('p50 vs old'),
    ],
    rows.map((row) => [
      row.database,
      row.writer,
      row.ladder,
      String(row.orders),
      row.perSecond.toFixed(0),
      row.p50.toFixed(2),
      row.p99.toFixed(2),
      `${(row.p50 / baseline(row).p50).toFixed(2)}×`,
    ]),
  );
  const arithmetic = markdownTable(
    [{ title: 'ladder' }, right('µs to build')],
    ladders.map(([name, settings]) => [name, timeLadder(settings).toFixed(1)]),
  );
  process.stdout.write(
    `${count} requotes timed per case after ${count} untimed, each moving every level (index ±3 bp), on BTCUSDT with the provider funded for both ladders.\n\n${table}\n\nThe ladder's arithmetic alone (BigInt):\n\n${arithmetic}\n`,
  );
}
