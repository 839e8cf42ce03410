// The mark price of a perpetual: what unrealized PnL and liquidation are measured at, made hard to
// push with one trade. It is the median of three prices (Binance's rule): the index carried to the
// next funding by the last rate, the index plus the book's recent basis (the average of up to 30
// one-second samples of mid − index), and the last trade. A market that has not traded yet counts
// its index as the last price. Prices in quote atoms, the rate in parts per 10^8.
import { rateUnit } from './funding.ts';
import { floorDiv } from './rounding.ts';

export interface MarkInputs {
  index: bigint;
  /** The last funding rate, parts per 10^8. */
  lastFundingRate: bigint;
  msToNextFunding: number;
  fundingIntervalMs: number;
  /** mid − index, one a second, the latest last; only the latest 30 count. */
  basisSamples: readonly bigint[];
  /** The last trade's price; null before the first. */
  lastPrice: bigint | null;
}

export const basisWindow = 30;

export function markPrice(inputs: MarkInputs): bigint {
  const { index } = inputs;
  const carried =
    index +
    floorDiv(
      index * inputs.lastFundingRate * BigInt(Math.max(0, inputs.msToNextFunding)),
      rateUnit * BigInt(inputs.fundingIntervalMs),
    );
  const recent = inputs.basisSamples.slice(-basisWindow);
  const basis =
    recent.length === 0
      ? 0n
      : floorDiv(
          recent.reduce((a, b) => a + b, 0n),
          BigInt(recent.length),
        );
  return median(carried, index + basis, inputs.lastPrice ?? index);
}

function median(a: bigint, b: bigint, c: bigint): bigint {
  const [, middle] = [a, b, c].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return middle as bigint;
}
