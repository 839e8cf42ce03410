// How far from the market's reference price a limit order's price may be (Binance's
// PERCENT_PRICE_BY_SIDE on spot, PERCENT_PRICE on USDⓈ-M futures): each side has a highest and a
// lowest multiple of the reference, or no bound that way. The reference is the index on spot and
// the mark on perpetuals. The app's preview and the server's batch both ask this file, so they
// refuse the same prices. Prices, the reference, the tick and the market's largest price are
// integers of one unit (market units on spot, quote atoms on perpetuals); compared exactly.
import type { PriceBandView } from '../../schemas/api/orders.schema.ts';
import { fromUnits, toUnits } from './units.ts';

/** Multiples of the reference in parts per million; null: no bound on that side that way. */
export interface PriceBand {
  bidUpPpm: number | null;
  bidDownPpm: number | null;
  askUpPpm: number | null;
  askDownPpm: number | null;
}

/** The prices a limit order of one side may have now, both on the tick and inclusive. */
export interface PriceRange {
  min: bigint;
  max: bigint;
}

export interface BandMarket {
  /** One tick, in the unit of the prices. */
  tick: bigint;
  /** The largest price the market takes at all. */
  maxPrice: bigint;
}

const ppm = 1_000_000n;

/**
 * The range a `side` limit order's price must lie in around `reference`: at least reference ×
 * down rounded up to the tick (never below one tick), at most reference × up rounded down to the
 * tick (never above the market's largest price). A bound left open falls back to those.
 */
export function bandRange(
  band: PriceBand,
  side: 'buy' | 'sell',
  reference: bigint,
  market: BandMarket,
): PriceRange {
  const up = side === 'buy' ? band.bidUpPpm : band.askUpPpm;
  const down = side === 'buy' ? band.bidDownPpm : band.askDownPpm;
  const { tick, maxPrice } = market;
  const step = tick * ppm;
  const lowest = down === null ? tick : ((reference * BigInt(down) + step - 1n) / step) * tick;
  const highest = up === null ? maxPrice : ((reference * BigInt(up)) / step) * tick;
  return {
    min: lowest < tick ? tick : lowest,
    max: highest > maxPrice ? maxPrice : highest,
  };
}

/** The range `price` is outside of, or null when it lies within it. */
export function outsideBand(
  band: PriceBand,
  side: 'buy' | 'sell',
  price: bigint,
  reference: bigint,
  market: BandMarket,
): PriceRange | null {
  const range = bandRange(band, side, reference, market);
  return price < range.min || price > range.max ? range : null;
}

const multiplierScale = 6;

const multiplierText = (value: number | null): string | null =>
  value === null ? null : fromUnits(value, multiplierScale).replace(/\.?0+$/, '');

const multiplierPpm = (text: string | null): number | null =>
  text === null ? null : toUnits(text, multiplierScale, true);

/** The band as `/spot/markets` and `/contract/markets` publish it: multipliers as decimals. */
export function bandView(band: PriceBand): PriceBandView {
  return {
    bid_multiplier_up: multiplierText(band.bidUpPpm),
    bid_multiplier_down: multiplierText(band.bidDownPpm),
    ask_multiplier_up: multiplierText(band.askUpPpm),
    ask_multiplier_down: multiplierText(band.askDownPpm),
  };
}

/** The band read back from its published form. */
export function bandOf(view: PriceBandView): PriceBand {
  return {
    bidUpPpm: multiplierPpm(view.bid_multiplier_up),
    bidDownPpm: multiplierPpm(view.bid_multiplier_down),
    askUpPpm: multiplierPpm(view.ask_multiplier_up),
    askDownPpm: multiplierPpm(view.ask_multiplier_down),
  };
}
