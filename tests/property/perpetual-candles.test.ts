// A perpetual's candles (server/contract/perpetual-candles.ts) equal its fills folded once each, in
// order, however they arrive: read back from `contract_fills` at start, committed while that read
// runs (some already in what it reads, some not), or committed after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteTicks } from '../../core/market/candle.ts';
import { fromUnits } from '../../core/market/units.ts';
import { klinePeriods } from '../../schemas/api/market.schema.ts';
import type { ContractCommitted } from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import { PerpetualCandles } from '../../server/contract/perpetual-candles.ts';
import type { Db } from '../../server/db/database.ts';
import { CandleAggregator } from '../../server/market/candle-aggregator.ts';

const market = { symbol: 'BTCUSDT', priceScale: 2, quantityScale: 5 } as ContractMarket;
const markets = new Map([[market.symbol, market]]);
const now = Date.UTC(2026, 10, 2);

interface Batch {
  ts: number;
  fills: { price: number; quantity: number }[];
}

/** Batches a few ms to hours apart within the last day, each with one to three fills. */
const batchesArbitrary = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 3_600_000 })),
      fills: fc.array(
        fc.record({
          price: fc.integer({ min: 1, max: 100_000_000 }),
          quantity: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((raw) => {
    let ts = now - 20 * 3_600_000;
    return raw.map(({ gap, fills }): Batch => {
      ts += gap;
      return { ts, fills };
    });
  });

const committedOf = (batch: Batch) =>
  ({
    ts: batch.ts,
    effects: { fills: batch.fills.map((fill) => ({ symbol: market.symbol, ...fill })) },
    balances: [],
  }) as unknown as ContractCommitted;

/**
 * A database holding `stored`'s fills, newest first as the index reads them; `during` runs while
 * the read is under way, as batches committing meanwhile would.
 */
function databaseOf(stored: readonly Batch[], during: () => void): Db {
  const rows = stored
    .flatMap((batch) =>
      batch.fills.map((fill) => ({
        price: fromUnits(fill.price, market.priceScale),
        quantity: fromUnits(fill.quantity, market.quantityScale),
        created_at: new Date(batch.ts),
      })),
    )
    .reverse();
  const query = {
    select: () => query,
    where: () => query,
    orderBy: () => query,
    limit: () => query,
    execute: async () => {
      during();
      return rows;
    },
  };
  return { selectFrom: () => query } as unknown as Db;
}

describe("a perpetual's candles", () => {
  it('fold every fill once, whether read back, committed during the read, or after', async () => {
    await fc.assert(
      fc.asyncProperty(
        batchesArbitrary,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        async (batches, storedAt, duringFrom, duringTo) => {
          // Batches [0, stored) are in the table; [from, to) commit while it is read (the ones
          // below `stored` are in what the read answers too); the rest commit after.
          const stored = storedAt % (batches.length + 1);
          const from = Math.min(duringFrom % (batches.length + 1), stored);
          const to = from + (duringTo % (batches.length - from + 1));
          const candles = new PerpetualCandles(markets);
          const db = databaseOf(batches.slice(0, stored), () => {
            for (const batch of batches.slice(from, to)) candles.committed(committedOf(batch));
          });
          await candles.seed(db, now);
          for (const batch of batches.slice(Math.max(stored, to))) {
            candles.committed(committedOf(batch));
          }

          const expected = new CandleAggregator();
          for (const batch of batches) {
            for (const { price, quantity } of batch.fills) {
              const quote = quoteTicks(price, quantity, market.quantityScale);
              expected.trade(price, quantity, quote, batch.ts);
            }
          }
          for (const period of klinePeriods) {
            expect(candles.kline(market.symbol, period, 100_000)).toEqual(
              expected.series[period].before(100_000),
            );
          }
        },
      ),
    );
  });

  it('publishes what was committed after the start, not what was read back', async () => {
    const candles = new PerpetualCandles(markets);
    const read = { ts: now - 120_000, fills: [{ price: 10_000_000, quantity: 100 }] };
    await candles.seed(
      databaseOf([read], () => undefined),
      now,
    );
    expect(candles.drain()).toEqual(new Map());
    candles.committed(committedOf({ ts: now, fills: [{ price: 10_000_100, quantity: 5 }] }));
    const minutes = candles
      .drain()
      .get(market.symbol)
      ?.find((change) => change.period === '1m');
    // The minute traded in, after the flat minute between the two trades.
    expect(minutes?.candles.map((candle) => [candle.t, candle.o, candle.c, candle.v])).toEqual([
      [now - 60_000, 10_000_000, 10_000_000, 0],
      [now, 10_000_100, 10_000_100, 5],
    ]);
    expect(candles.drain()).toEqual(new Map());
  });

  it('leaves out fills older than a day and knows no other market', async () => {
    const candles = new PerpetualCandles(markets);
    const old = { ts: now - 25 * 3_600_000, fills: [{ price: 1, quantity: 1 }] };
    await candles.seed(
      databaseOf([old], () => undefined),
      now,
    );
    expect(candles.kline(market.symbol, '1m', 10)).toEqual([]);
    expect(candles.kline('ETHUSDT', '1m', 10)).toEqual([]);
    expect(candles.open('ETHUSDT', '1m')).toBeUndefined();
  });
});
