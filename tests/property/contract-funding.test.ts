// Funding of the perpetual contracts: the rate follows the published rule (interest when the
// premium is small, the premium plus the clamped difference otherwise, within the cap), and a
// round's payments are zero-sum but for a remainder of rounding that goes to the insurance fund:
// never negative, less than one atom per position, and each payment within one atom of exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePremium,
  defaultFundingRule,
  type FundedPosition,
  fundingRate,
  fundingRound,
  premiumSample,
  rateUnit,
} from '../../core/contract/funding.ts';
import { notional } from '../../core/contract/margin.ts';

const usdt = 100_000_000n;

describe('funding rate', () => {
  it('is the interest rate when the book sits on the index', () => {
    const flat = premiumSample(50_000n * usdt, 50_000n * usdt, 50_000n * usdt);
    expect(flat).toBe(0n);
    expect(fundingRate([flat, flat, flat])).toBe(defaultFundingRule.interest);
  });

  it('weighs later premium samples more', () => {
    expect(averagePremium([0n, 0n, 600n])).toBe(300n); // (1×0 + 2×0 + 3×600) ÷ 6
    expect(averagePremium([])).toBe(0n);
  });

  it('measures the premium from the impact prices against the index', () => {
    // Bids 0.1 % above the index: a premium of 0.1 %.
    expect(premiumSample(50_050n * usdt, 50_100n * usdt, 50_000n * usdt)).toBe(100_000n);
    // Asks 0.2 % below: a discount.
    expect(premiumSample(49_800n * usdt, 49_900n * usdt, 50_000n * usdt)).toBe(-200_000n);
  });

  it('follows premium + clamp(interest − premium) within the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -2_000_000n, max: 2_000_000n }), { maxLength: 20 }),
        (samples) => {
          const rule = defaultFundingRule;
          const premium = averagePremium(samples);
          const rate = fundingRate(samples, rule);
          expect(rate <= rule.cap && rate >= -rule.cap).toBe(true);
          const uncapped = premium + clamp(rule.interest - premium, -rule.clamp, rule.clamp);
          expect(rate).toBe(clamp(uncapped, -rule.cap, rule.cap));
          // Within the clamp of the interest, the rate is the interest itself.
          if (premium >= rule.interest - rule.clamp && premium <= rule.interest + rule.clamp) {
            expect(rate).toBe(rule.interest);
          }
        },
      ),
    );
  });
});

const clamp = (value: bigint, low: bigint, high: bigint) =>
  value < low ? low : value > high ? high : value;

/** Positions of a market: every long quantity matched by shorts, split at random. */
const market = fc
  .array(fc.bigInt({ min: 1n, max: 1_000n * usdt }), { minLength: 1, maxLength: 30 })
  .chain((longs) => {
    const total = longs.reduce((a, b) => a + b, 0n);
    return fc
      .array(fc.bigInt({ min: 0n, max: total }), { minLength: 0, maxLength: 10 })
      .map((cuts) => {
        const points = [0n, ...cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), total];
        const shorts = points.slice(1).map((point, i) => point - (points[i] ?? 0n));
        return [
          ...longs.map((quantity): FundedPosition => ({ direction: 'long', quantity })),
          ...shorts
            .filter((quantity) => quantity > 0n)
            .map((quantity): FundedPosition => ({ direction: 'short', quantity })),
        ];
      });
  });

describe('a funding round', () => {
  it('pays peer to peer, the rounding remainder to the insurance fund', () => {
    fc.assert(
      fc.property(
        market,
        fc.bigInt({ min: usdt, max: 200_000n * usdt }),
        fc.bigInt({ min: -300_000n, max: 300_000n }),
        (positions, mark, rate) => {
          const { payments, remainder } = fundingRound(positions, mark, rate);
          const total = payments.reduce((a, b) => a + b, 0n);
          expect(total + remainder).toBe(0n);
          expect(remainder >= 0n).toBe(true);
          expect(remainder < BigInt(positions.length)).toBe(true);
          for (const [i, position] of positions.entries()) {
            const payment = payments[i] ?? 0n;
            const sign = (position.direction === 'long') === rate >= 0n ? -1n : 1n;
            const exact = notional(position.quantity, mark) * (rate < 0n ? -rate : rate);
            // |payment| is the exact amount rounded up for a payer, down for a receiver.
            const scaled = payment * rateUnit * sign;
            expect(scaled <= exact + rateUnit && scaled >= exact - rateUnit).toBe(true);
            if (rate !== 0n && payment !== 0n) expect(payment > 0n).toBe(sign > 0n);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('refuses a round that does not hold both sides of every contract', () => {
    expect(() =>
      fundingRound([{ direction: 'long', quantity: usdt }], 50_000n * usdt, 10_000n),
    ).toThrow(/every position/);
  });
});
