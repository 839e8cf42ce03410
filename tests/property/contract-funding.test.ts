// Funding of the perpetual contracts: the rate follows the published rule (interest when the
// premium is small, the premium plus the clamped difference otherwise, scaled to the funding
// interval, within the cap); the impact notional is the impact margin at the market's maximum
// leverage; the defaults are Binance's; and a round's payments are zero-sum but for a remainder of
// rounding that goes to the insurance fund: never negative, less than one atom per position, and
// each payment within one atom of exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePremium,
  defaultFundingRule,
  type FundedPosition,
  fundingRate,
  fundingRound,
  impactNotional,
  premiumSample,
  rateUnit,
  ruleIntervalMs,
} from '../../core/contract/funding.ts';
import { initialMarginOfCost, notional } from '../../core/contract/margin.ts';
import { loadConfig } from '../../server/config.ts';
import { contractMarketOf } from '../../server/contract/contract-markets.ts';
import { marketsFor } from '../../server/market/catalog.ts';

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

const hour = 3_600_000;
const premiums = fc.array(fc.bigInt({ min: -2_000_000n, max: 2_000_000n }), { maxLength: 20 });
const atInterval = (intervalMs: number) => ({ ...defaultFundingRule, intervalMs });

describe('funding over an interval other than 8 h', () => {
  it('is Binance’s at 8 h: 0.01 % on a flat book, the premium less 0.05 % beyond the clamp', () => {
    expect(defaultFundingRule.intervalMs).toBe(ruleIntervalMs);
    expect(fundingRate([0n])).toBe(10_000n);
    // A premium of 0.2 %: 0.2 % + clamp(0.01 % − 0.2 %, ±0.05 %) = 0.15 %.
    expect(fundingRate([200_000n])).toBe(150_000n);
    expect(fundingRate([-200_000n])).toBe(-150_000n);
  });

  it('charges 0.03 % a day of interest however often it is paid', () => {
    for (const hours of [1, 2, 4, 8]) {
      const rate = fundingRate([0n], atInterval(hours * hour));
      expect(rate * BigInt(24 / hours)).toBe(30_000n);
    }
    // Every 4 h: 0.005 % and a clamp of ±0.025 %; every hour: 0.00125 % and ±0.00625 %.
    expect(fundingRate([200_000n], atInterval(4 * hour))).toBe(75_000n);
    expect(fundingRate([200_000n], atInterval(hour))).toBe(18_750n);
  });

  it('scales the 8 h rate linearly with the interval, within the cap', () => {
    fc.assert(
      fc.property(premiums, fc.integer({ min: 1000, max: 24 * hour }), (samples, intervalMs) => {
        const premium = averagePremium(samples);
        const perEightHours =
          premium +
          clamp(
            defaultFundingRule.interest - premium,
            -defaultFundingRule.clamp,
            defaultFundingRule.clamp,
          );
        const rate = fundingRate(samples, atInterval(intervalMs));
        const { cap } = defaultFundingRule;
        expect(rate <= cap && rate >= -cap).toBe(true);
        // Uncapped, the rate is the 8 h rate × interval ÷ 8 h, rounded toward zero.
        const exact = perEightHours * BigInt(intervalMs);
        const scaled = rate * BigInt(ruleIntervalMs);
        if (rate !== cap && rate !== -cap) {
          expect(
            scaled <= exact + BigInt(ruleIntervalMs) && scaled >= exact - BigInt(ruleIntervalMs),
          ).toBe(true);
          expect(scaled === exact || scaled < exact === exact > 0n).toBe(true);
        }
        // A longer interval never pays less, either way.
        const longer = fundingRate(samples, atInterval(intervalMs + hour));
        if (rate > 0n) expect(longer >= rate).toBe(true);
        if (rate < 0n) expect(longer <= rate).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the impact notional', () => {
  const usdt = 100_000_000n;

  it('is the impact margin ÷ the initial margin rate at the maximum leverage', () => {
    expect(impactNotional(200n * usdt, 125)).toBe(25_000n * usdt);
    // Binance's example: BNBUSDT at 20× (5 %) measures its impact prices with 4,000 USDT.
    expect(impactNotional(200n * usdt, 20)).toBe(4_000n * usdt);
  });

  it('takes exactly the impact margin at the maximum leverage', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 6n * usdt }),
        fc.integer({ min: 1, max: 125 }),
        (margin, leverage) => {
          const value = impactNotional(margin, leverage);
          expect(initialMarginOfCost(value, leverage)).toBe(margin);
          expect(impactNotional(margin, leverage + 1) > value).toBe(true);
        },
      ),
    );
  });

  it('defaults to Binance’s conventions for every listed market', () => {
    const { contract, markets } = loadConfig({});
    expect(contract.fundingRule).toEqual(defaultFundingRule);
    expect(contract.markBasis).toEqual({ windowMs: 300_000, sampleMs: 1_000 });
    expect(contract.impactMargin).toBe(200n * usdt);
    for (const spec of marketsFor(markets)) {
      const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
      expect(impactNotional(contract.impactMargin, market.maxLeverage)).toBe(25_000n * usdt);
    }
  });
});

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
