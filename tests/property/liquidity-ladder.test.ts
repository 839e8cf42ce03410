// The liquidity provider's ladder (server/market-kernel/liquidity/ladder.ts) against random
// indexes, market rules and profiles: it never crosses the index, its prices lie on the tick and
// its quantities on the lot within the market's limits, sizes never shrink away from the mid, and
// the levels within 1 % of the index hold at least what the profile promises there. Then the
// defaults: every known market's book within 1 % is its turnover's share of BTC's 2,000,000 USDT,
// and the default seeds cover every default ladder on spot and on the perpetuals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { defaultMarkets, knownMarkets, marketsFor } from '../../server/market/catalog.ts';
import { profileOf, sideQuote } from '../../server/market-kernel/liquidity/depth-profile.ts';
import {
  type LadderSettings,
  ladder,
  type Quote,
} from '../../server/market-kernel/liquidity/ladder.ts';
import { spotMarketOf } from '../../server/spot/spot-markets.ts';

const rulesArbitrary = fc
  .record({
    tickSize: fc.integer({ min: 1, max: 100 }),
    lotSize: fc.integer({ min: 1, max: 1000 }),
    minNotional: fc.integer({ min: 0, max: 1_000_000 }),
    maxPrice: fc.integer({ min: 1_000, max: 1_000_000_000 }),
  })
  .map((rules) => ({
    ...rules,
    // Every price × quantity stays an exact integer, as the markets' rules promise.
    maxQuantity: Math.floor(Number.MAX_SAFE_INTEGER / rules.maxPrice),
  }));

const settingsArbitrary = fc.record({
  spreadBps: fc.integer({ min: 1, max: 400 }),
  stepBps: fc.integer({ min: 1, max: 100 }),
  levels: fc.integer({ min: 1, max: 50 }),
  levelQuote: fc.bigInt({ min: 1n, max: 10n ** 10n }),
  growthPermille: fc.integer({ min: 1000, max: 2000 }),
});

const sideOf = (quotes: readonly Quote[], side: Quote['side']) =>
  quotes.filter((quote) => quote.side === side);

describe("the provider's ladder", () => {
  it('never crosses, lies on the tick and the lot, and grows away from the mid', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        settingsArbitrary,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (rules, settings, wanted) => {
          const index = Math.min(wanted, rules.maxPrice);
          const quotes = ladder(index, rules, settings);
          const bids = sideOf(quotes, 'buy');
          const asks = sideOf(quotes, 'sell');
          expect(bids.length).toBeLessThanOrEqual(settings.levels);
          expect(asks.length).toBeLessThanOrEqual(settings.levels);
          for (const quote of quotes) {
            expect(quote.price % rules.tickSize).toBe(0);
            expect(quote.price).toBeGreaterThan(0);
            expect(quote.price).toBeLessThanOrEqual(rules.maxPrice);
            expect(quote.quantity % rules.lotSize).toBe(0);
            expect(quote.quantity).toBeGreaterThan(0);
            expect(quote.quantity).toBeLessThanOrEqual(rules.maxQuantity);
            expect(BigInt(quote.price) * BigInt(quote.quantity)).toBeGreaterThanOrEqual(
              BigInt(rules.minNotional),
            );
          }
          // Every bid below the index and every ask above it: the provider cannot trade with itself.
          for (const bid of bids) expect(bid.price).toBeLessThan(index);
          for (const ask of asks) expect(ask.price).toBeGreaterThan(index);
          for (const [side, better] of [
            [bids, (a: number, b: number) => a > b],
            [asks, (a: number, b: number) => a < b],
          ] as const) {
            for (let level = 1; level < side.length; level++) {
              const [nearer, further] = [side[level - 1], side[level]];
              if (!nearer || !further) continue;
              expect(better(nearer.price, further.price)).toBe(true);
              expect(further.quantity).toBeGreaterThanOrEqual(nearer.quantity);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('holds at least the profile within 1 % of the index on each side', () => {
    fc.assert(
      fc.property(
        rulesArbitrary,
        settingsArbitrary,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (rules, settings, wanted) => {
          const index = Math.min(wanted, rules.maxPrice);
          const center = BigInt(index);
          const tick = BigInt(rules.tickSize);
          // Levels at least two ticks apart (no two round to one price), none at the quantity cap,
          // and room for asks up to 1 % above the index below the market's highest price.
          fc.pre(center * BigInt(settings.stepBps) >= 2n * tick * 10_000n);
          fc.pre(center * 101n <= BigInt(rules.maxPrice) * 100n);
          const quotes = ladder(index, rules, settings);
          const most = rules.maxQuantity - (rules.maxQuantity % rules.lotSize);
          fc.pre(quotes.every((quote) => quote.quantity < most));
          const target = promisedWithinOnePercent(center, tick, settings);
          const within = (side: Quote['side'], inside: (price: bigint) => boolean) =>
            sideOf(quotes, side)
              .filter((quote) => inside(BigInt(quote.price)))
              .reduce((sum, quote) => sum + BigInt(quote.price) * BigInt(quote.quantity), 0n);
          expect(within('buy', (price) => price * 100n >= center * 99n)).toBeGreaterThanOrEqual(
            target,
          );
          expect(within('sell', (price) => price * 100n <= center * 101n)).toBeGreaterThanOrEqual(
            target,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * What the profile puts within 1 % of `center`: base × growth^i for every level whose distance
 * from the index, one tick of rounding included, is at most 1 %. Hundredths of a basis point.
 */
function promisedWithinOnePercent(
  center: bigint,
  tick: bigint,
  settings: Required<LadderSettings>,
): bigint {
  const base = BigInt(settings.levelQuote);
  const growth = BigInt(settings.growthPermille);
  let total = 0n;
  for (let level = 0n; level < BigInt(settings.levels); level++) {
    const offset = BigInt(settings.spreadBps) * 50n + level * BigInt(settings.stepBps) * 100n;
    if (center * offset + tick * 1_000_000n > center * 10_000n) break;
    const power = 1000n ** level;
    total += (base * growth ** level + power - 1n) / power;
  }
  return total;
}

describe("the provider's default book", () => {
  const config = loadConfig({});
  const settings = config.trading.liquidityProvider;
  const btc = knownMarkets.find((spec) => spec.base === 'BTC');
  if (!btc) throw new Error('no BTC in the catalog');

  it.each(knownMarkets.map((spec) => [spec.symbol, spec] as const))(
    'puts its share of 2,000,000 USDT a side within 1 % of the index of %s',
    (_, spec) => {
      const market = spotMarketOf(spec, 5n, { makerPpm: 1000, takerPpm: 1000 });
      const profile = profileOf(settings, spec);
      expect(profile.levels).toBeLessThanOrEqual(50);
      const units = 10n ** BigInt(spec.priceScale + spec.quantityScale);
      const index = BigInt(spec.referencePrice.replace('.', ''));
      const quotes = ladder(Number(index), market.rules, {
        ...profile,
        levelQuote: profile.levelQuote * units,
      });
      // BTC's 2,000,000 USDT, scaled by the market's turnover against BTC's, in quote units.
      const share =
        (2_000_000n * units * BigInt(spec.dailyQuoteVolume)) / BigInt(btc.dailyQuoteVolume);
      const value = (side: Quote['side'], inside: (price: bigint) => boolean) =>
        sideOf(quotes, side)
          .filter((quote) => inside(BigInt(quote.price)))
          .reduce((sum, quote) => sum + BigInt(quote.price) * BigInt(quote.quantity), 0n);
      expect(value('buy', (price) => price * 100n >= index * 99n)).toBeGreaterThanOrEqual(share);
      expect(value('sell', (price) => price * 100n <= index * 101n)).toBeGreaterThanOrEqual(share);
    },
  );

  it('is seeded with enough to quote every default ladder, on spot and on the perpetuals', () => {
    const sides = marketsFor(defaultMarkets).map((spec) => sideQuote(profileOf(settings, spec)));
    const oneSide = sides.reduce((sum, side) => sum + side, 0n);
    // Spot: the quote seed pays for every bid side, and each base's share of it (that market's
    // side over all sides) for its ask side.
    expect(settings.seedQuote).toBeGreaterThanOrEqual(oneSide);
    for (const side of sides) {
      expect((settings.seedQuote * side) / oneSide).toBeGreaterThanOrEqual(side);
    }
    // Perpetuals: each quote holds its initial margin and the taker fee at most.
    const { leverage, seedUsdt } = config.contract.provider;
    const both = 2n * oneSide;
    const held =
      both / BigInt(leverage) + (both * BigInt(config.contract.takerFeePpm)) / 1_000_000n;
    expect(seedUsdt).toBeGreaterThanOrEqual(held);
  });
});

describe('the LP_* depth settings', () => {
  it('read a market of its own from LP_PROFILES, the rest from the shared values', () => {
    const { liquidityProvider } = loadConfig({
      LP_PROFILES: 'eth:levels=30,level=25000 ; DOGE:growth=1.05,step=8,spread=12',
      LP_LEVEL_GROWTH: '1.2',
    }).trading;
    const spec = (base: string) => {
      const [found] = marketsFor([base]);
      if (!found) throw new Error(`no ${base} in the catalog`);
      return found;
    };
    expect(profileOf(liquidityProvider, spec('ETH'))).toEqual({
      spreadBps: 10,
      stepBps: 5,
      levels: 30,
      levelQuote: 25_000n,
      growthPermille: 1200,
    });
    expect(profileOf(liquidityProvider, spec('DOGE'))).toMatchObject({
      spreadBps: 12,
      stepBps: 8,
      levels: 20,
      growthPermille: 1050,
      // 40,000 × DOGE's 150M turnover ÷ BTC's 1,200M.
      levelQuote: 5_000n,
    });
  });

  it.each([
    ['LP_LEVEL_GROWTH', '0.9'],
    ['LP_LEVEL_GROWTH', '2.5'],
    ['LP_LEVEL_GROWTH', '1.0001'],
    ['LP_LEVELS', '51'],
    ['LP_PROFILES', 'ETH'],
    ['LP_PROFILES', 'NOPE:levels=5'],
    ['LP_PROFILES', 'ETH:levels=5;ETH:step=2'],
    ['LP_PROFILES', 'ETH:depth=5'],
    ['LP_PROFILES', 'ETH:levels=500'],
    ['LP_PROFILES', 'ETH:growth=3'],
    ['LP_PROFILES', 'ETH:level=0'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\n  ${name}: `));
  });
});
