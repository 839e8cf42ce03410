// The mark price of a perpetual: what unrealized PnL and liquidation are measured at, made hard to
// push with one trade. It is the median of three prices (Binance's rule): the index carried to the
// next funding by the last rate, the index plus the book's recent basis (the moving average of
// mid − index over the basis window, server/contract/basis-window.ts), and the last trade. A
// market that has not traded yet counts its index as the last price. The mark is a function of
// its record alone (what `contract_marks` keeps of it), so every recorded mark can be recomputed.
// Prices in quote atoms, the rate in parts per 10^8.
import { rateUnit } from './funding.ts';
import { floorDiv } from './rounding.ts';

/** Everything a mark is computed from, as it is recorded. */
export interface MarkRecord {
  index: bigint;
  /** The moving average of mid − index the mark used, as `averageBasis` gives it. */
  basis: bigint;
  /** The last trade's price; null before the first. */
  lastPrice: bigint | null;
  /** The last funding rate, parts per 10^8. */
  lastFundingRate: bigint;
  /** When the mark was taken, ms since the epoch. */
  at: number;
  /** The funding interval, ms: rounds fall on its multiples counted from the epoch. */
  fundingIntervalMs: number;
}

/** The average of the window's samples of mid − index, rounded toward −∞ (0 with none). */
export function averageBasis(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  return floorDiv(
    samples.reduce((a, b) => a + b, 0n),
    BigInt(samples.length),
  );
}

/** How long from `at` until the next funding round, ms (a whole interval on a boundary). */
export function msToNextFunding(at: number, fundingIntervalMs: number): number {
  return fundingIntervalMs - (at % fundingIntervalMs);
}

export function markPrice(record: MarkRecord): bigint {
  const { index, fundingIntervalMs } = record;
  const carried =
    index +
    floorDiv(
      index * record.lastFundingRate * BigInt(msToNextFunding(record.at, fundingIntervalMs)),
      rateUnit * BigInt(fundingIntervalMs),
    );
  return median(carried, index + record.basis, record.lastPrice ?? index);
}

function median(a: bigint, b: bigint, c: bigint): bigint {
  const [, middle] = [a, b, c].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return middle as bigint;
}
