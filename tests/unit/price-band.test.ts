// The price band (core/market/price-band.ts): the range each side may use around the reference,
// rounded inwards to the tick and held within the market's prices; the open sides of the
// perpetuals' band; the published form read back; and the liquidity provider's default ladder,
// which must stay inside both default bands so it keeps quoting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, bandRange, bandView, outsideBand } from '../../core/market/price-band.ts';
import { defaultContractBand } from '../../server/contract/contract-markets.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { ladder } from '../../server/market-kernel/liquidity/ladder.ts';
import { defaultSpotBand, spotMarketOf } from '../../server/spot/spot-markets.ts';

const market = { tick: 1n, maxPrice: 10_000_000n };

describe('the spot band', () => {
  it('takes a buy or a sell from 0.2 to 5 times the index', () => {
    expect(bandRange(defaultSpotBand, 'buy', 10_000n, market)).toEqual({
      min: 2_000n,
      max: 50_000n,
    });
    expect(bandRange(defaultSpotBand, 'sell', 10_000n, market)).toEqual({
      min: 2_000n,
      max: 50_000n,
    });
    expect(outsideBand(defaultSpotBand, 'buy', 50_000n, 10_000n, market)).toBeNull();
    expect(outsideBand(defaultSpotBand, 'buy', 50_001n, 10_000n, market)).toEqual({
      min: 2_000n,
      max: 50_000n,
    });
    expect(outsideBand(defaultSpotBand, 'sell', 1_999n, 10_000n, market)).not.toBeNull();
  });

  it('rounds its bounds inwards to the tick and keeps them within the market', () => {
    const coarse = { tick: 5n, maxPrice: 40_000n };
    // 0.2 × 10,003 = 2,000.6 → 2,005; 5 × 10,003 = 50,015 → capped at 40,000.
    expect(bandRange(defaultSpotBand, 'buy', 10_003n, coarse)).toEqual({
      min: 2_005n,
      max: 40_000n,
    });
    // Never below one tick, however small the reference.
    expect(bandRange(defaultSpotBand, 'sell', 1n, coarse).min).toBe(5n);
  });

  it('agrees with the exact comparison for any price on the tick', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 1_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.constantFrom('buy' as const, 'sell' as const),
        (reference, tick, ticks, side) => {
          const price = tick * ticks;
          const bounds = { tick, maxPrice: tick * 10n ** 12n };
          const inside =
            price * 1_000_000n >= reference * 200_000n &&
            price * 1_000_000n <= reference * 5_000_000n &&
            price <= bounds.maxPrice;
          expect(outsideBand(defaultSpotBand, side, price, reference, bounds) === null).toBe(
            inside,
          );
        },
      ),
    );
  });
});

describe('the perpetual band', () => {
  it('bounds a buy above at 1.05 × the mark and a sell below at 0.95 ×, the other way open', () => {
    const mark = 10_000_000n;
    expect(bandRange(defaultContractBand, 'buy', mark, { tick: 1n, maxPrice: 10n ** 9n })).toEqual({
      min: 1n,
      max: 10_500_000n,
    });
    expect(bandRange(defaultContractBand, 'sell', mark, { tick: 1n, maxPrice: 10n ** 9n })).toEqual(
      {
        min: 9_500_000n,
        max: 10n ** 9n,
      },
    );
    // 100 × the mark: the probe's buy, refused; a resting bid far below it, taken.
    expect(outsideBand(defaultContractBand, 'buy', mark * 100n, mark, market)).not.toBeNull();
    expect(outsideBand(defaultContractBand, 'buy', mark / 2n, mark, market)).toBeNull();
    expect(
      outsideBand(defaultContractBand, 'sell', mark * 2n, mark, {
        ...market,
        maxPrice: mark * 10n,
      }),
    ).toBeNull();
  });

  it('is published as multipliers and read back as it was', () => {
    expect(bandView(defaultContractBand)).toEqual({
      bid_multiplier_up: '1.05',
      bid_multiplier_down: null,
      ask_multiplier_up: null,
      ask_multiplier_down: '0.95',
    });
    expect(bandView(defaultSpotBand)).toEqual({
      bid_multiplier_up: '5',
      bid_multiplier_down: '0.2',
      ask_multiplier_up: '5',
      ask_multiplier_down: '0.2',
    });
    expect(bandOf(bandView(defaultContractBand))).toEqual(defaultContractBand);
    expect(bandOf(bandView(defaultSpotBand))).toEqual(defaultSpotBand);
  });
});

describe("the liquidity provider's default ladder", () => {
  const settings = (priceScale: number, quantityScale: number) => ({
    spreadBps: 10,
    stepBps: 5,
    levels: 10,
    levelQuote: 2000 * 10 ** (priceScale + quantityScale),
  });

  it.each(knownMarkets.map((spec) => [spec.symbol, spec] as const))(
    'stays inside both bands around the index of %s',
    (_, spec) => {
      const spot = spotMarketOf(spec, 5n, { makerPpm: 1000, takerPpm: 1000 });
      const index = Number(spec.referencePrice.replace('.', ''));
      const bounds = { tick: BigInt(spot.rules.tickSize), maxPrice: BigInt(spot.rules.maxPrice) };
      const quotes = ladder(index, spot.rules, settings(spec.priceScale, spec.quantityScale));
      expect(quotes.length).toBeGreaterThan(0);
      for (const quote of quotes) {
        const price = BigInt(quote.price);
        // The perpetual's mark starts at its index.
        for (const band of [defaultSpotBand, defaultContractBand]) {
          expect(outsideBand(band, quote.side, price, BigInt(index), bounds)).toBeNull();
        }
      }
    },
  );
});
