// Candles folded trade by trade equal a naive grouping of the same trades by period bucket, with
// flat candles at the previous close for buckets no trade fell in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../core/market/candle.ts';
import { bucketStart, periodMs } from '../../core/market/periods.ts';
import { klinePeriods } from '../../schemas/api/market.schema.ts';
import { CandleAggregator } from '../../server/market/candle-aggregator.ts';

interface Trade {
  price: number;
  quantity: number;
  quote: number;
  ts: number;
}

/** Group by bucket, then fill the buckets between the first and last trade. */
function naive(trades: readonly Trade[], length: number): Candle[] {
  const buckets = new Map<number, Candle>();
  for (const { price, quantity, quote, ts } of trades) {
    const t = ts - (ts % length);
    const candle = buckets.get(t);
    if (!candle) {
      buckets.set(t, { t, o: price, h: price, l: price, c: price, v: quantity, q: quote });
    } else {
      candle.h = Math.max(candle.h, price);
      candle.l = Math.min(candle.l, price);
      candle.c = price;
      candle.v += quantity;
      candle.q += quote;
    }
  }
  const sorted = [...buckets.values()].sort((a, b) => a.t - b.t);
  const filled: Candle[] = [];
  for (const candle of sorted) {
    const previous = filled.at(-1);
    if (previous) {
      for (let t = previous.t + length; t < candle.t; t += length) {
        filled.push({ t, o: previous.c, h: previous.c, l: previous.c, c: previous.c, v: 0, q: 0 });
      }
    }
    filled.push(candle);
  }
  return filled;
}

const start = Date.UTC(2026, 10, 1);

const tradesArbitrary = fc
  .array(
    fc.record({
      price: fc.integer({ min: 1, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 1_000_000 }),
      quote: fc.integer({ min: 0, max: 1_000_000 }),
      // Gaps from none to a few hours, so periods from 1m to 4h see empty buckets.
      gap: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 4 * 3_600_000 })),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((raw) => {
    let ts = start;
    return raw.map(({ gap, ...trade }) => {
      ts += gap;
      return { ...trade, ts };
    });
  });

describe('candle aggregation', () => {
  it('equals the naive grouping of the same trades for every period', () => {
    fc.assert(
      fc.property(tradesArbitrary, (trades) => {
        const aggregator = new CandleAggregator();
        for (const { price, quantity, quote, ts } of trades) {
          aggregator.trade(price, quantity, quote, ts);
        }
        for (const period of klinePeriods) {
          expect(aggregator.series[period].before(100_000)).toEqual(
            naive(trades, periodMs[period]),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('builds longer periods from one-minute history exactly as from the minutes themselves', () => {
    fc.assert(
      fc.property(tradesArbitrary, (trades) => {
        const minutes = new CandleAggregator();
        for (const { price, quantity, quote, ts } of trades) {
          minutes.trade(price, quantity, quote, ts);
        }
        const fromHistory = new CandleAggregator();
        fromHistory.history(minutes.series['1m'].before(100_000));
        for (const period of klinePeriods) {
          expect(fromHistory.series[period].before(100_000)).toEqual(
            minutes.series[period].before(100_000),
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it('publishes every changed candle once, oldest first', () => {
    fc.assert(
      fc.property(tradesArbitrary, fc.integer({ min: 1, max: 20 }), (trades, every) => {
        const aggregator = new CandleAggregator();
        const published = new Map<number, Candle>();
        trades.forEach(({ price, quantity, quote, ts }, i) => {
          aggregator.trade(price, quantity, quote, ts);
          if (i % every === 0) {
            for (const candle of aggregator.takeChanged('5m')) published.set(candle.t, candle);
          }
        });
        for (const candle of aggregator.takeChanged('5m')) published.set(candle.t, candle);
        // A subscriber applying every published candle ends with the whole series.
        expect([...published.values()].sort((a, b) => a.t - b.t)).toEqual(
          aggregator.series['5m'].before(100_000),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('aligns buckets to UTC midnight', () => {
    const ts = Date.UTC(2026, 10, 22, 13, 47, 12, 5);
    expect(bucketStart(ts, '4h')).toBe(Date.UTC(2026, 10, 22, 12));
    expect(bucketStart(ts, '1d')).toBe(Date.UTC(2026, 10, 22));
    expect(bucketStart(ts, '15m')).toBe(Date.UTC(2026, 10, 22, 13, 45));
  });
});
