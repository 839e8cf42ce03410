// An index reading made from the newest recorded print, for a node that follows the prints over
// the bus instead of running the market data (print-relay.ts): a perpetual market's writer spread
// to another node samples its premium and quotes its liquidity around the same index the market
// data's node recorded. A print stops counting as fresh once it is older than a few rounds.
import type { IndexReading } from './index-price.ts';
import type { IndexPrints } from './index-prints.ts';

/** What reads a market's index now: the market data's own state, or the recorded prints. */
export interface IndexSource {
  indexAt(now: number): IndexReading;
}

/** A print older than this (three rounds missed) reads as stale. */
const freshForMs = 3_000;

export function printedIndex(prints: IndexPrints, symbol: string, priceScale: number): IndexSource {
  const atomsPerTick = 10n ** BigInt(8 - priceScale);
  return {
    indexAt(now) {
      const print = prints.latest(symbol);
      if (!print) return { price: null, stale: true, sources: [], ts: 0 };
      return {
        price: Number(print.price / atomsPerTick),
        stale: print.stale || now - print.ts > freshForMs,
        sources: print.sources,
        ts: print.ts,
      };
    },
  };
}
