// The mark price: the median of the funding-carried index, the index plus the recent basis, and
// the last trade, so one trade far from the book cannot move it beyond the other two.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { markPrice } from '../../core/contract/mark.ts';

const usdt = 100_000_000n;
const hour = 3_600_000;

it('is the index when the book sits on it, funding is zero and nothing traded', () => {
  expect(
    markPrice({
      index: 50_000n * usdt,
      lastFundingRate: 0n,
      msToNextFunding: 4 * hour,
      fundingIntervalMs: 8 * hour,
      basisSamples: [],
      lastPrice: null,
    }),
  ).toBe(50_000n * usdt);
});

it('carries the index by the funding rate over the time left', () => {
  // 0.01 % for half the interval: 50,000 × 1.00005 = 50,002.5; the basis and the last trade agree.
  const carried = 50_002n * usdt + usdt / 2n;
  expect(
    markPrice({
      index: 50_000n * usdt,
      lastFundingRate: 10_000n,
      msToNextFunding: 4 * hour,
      fundingIntervalMs: 8 * hour,
      basisSamples: [carried - 50_000n * usdt],
      lastPrice: carried + usdt,
    }),
  ).toBe(carried);
});

it('stays between the funding-carried and the basis prices whatever the last trade', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: usdt, max: 200_000n * usdt }),
      fc.bigInt({ min: -300_000n, max: 300_000n }),
      fc.integer({ min: 0, max: 8 * hour }),
      fc.array(fc.bigInt({ min: -1_000n * usdt, max: 1_000n * usdt }), { maxLength: 40 }),
      fc.bigInt({ min: 1n, max: 10n ** 20n }),
      (index, rate, msToNext, basis, last) => {
        const inputs = {
          index,
          lastFundingRate: rate,
          msToNextFunding: msToNext,
          fundingIntervalMs: 8 * hour,
          basisSamples: basis,
        };
        const withoutTrade = markPrice({ ...inputs, lastPrice: null });
        const mark = markPrice({ ...inputs, lastPrice: last });
        // The two prices that do not depend on the trade bound the mark.
        const carried =
          index + (index * rate * BigInt(msToNext)) / (100_000_000n * BigInt(8 * hour));
        const recent = basis.slice(-30);
        const average =
          recent.length === 0 ? 0n : recent.reduce((a, b) => a + b, 0n) / BigInt(recent.length);
        const low = [carried, index + average].reduce((a, b) => (a < b ? a : b)) - 1n;
        const high = [carried, index + average].reduce((a, b) => (a > b ? a : b)) + 1n;
        expect(mark >= low && mark <= high).toBe(true);
        expect(withoutTrade >= low - 1n && withoutTrade <= high + 1n).toBe(true);
      },
    ),
    { numRuns: 1_000 },
  );
});
