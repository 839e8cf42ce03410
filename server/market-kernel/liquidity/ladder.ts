// The quotes the liquidity provider wants resting: a ladder of bids below and asks above the index
// price, a set spread apart, each level worth `growth` times the one nearer the mid. Pure, in
// units, and exact: every amount is worked out with BigInt, never with a float.
import type { MarketRules } from '../../../core/market/order-rules.ts';

export interface LadderSettings {
  /** Distance between the best bid and the best ask, in basis points of the index. */
  spreadBps: number;
  /** Distance between two levels of one side, in basis points. */
  stepBps: number;
  /** Levels per side. */
  levels: number;
  /** Value of the level nearest the mid in quote units (price units × quantity units), whole. */
  levelQuote: bigint | number;
  /**
   * How much more each level is worth than the one before it, in parts per thousand (1100: 10 %
   * more). Geometric rather than a linear ramp: the top stays small, so a small order trades
   * near the index, while the depth a side holds grows faster than its count of levels, so a
   * deep book needs tens of levels, not hundreds (docs/decisions.md). 1000 when unset: every
   * level worth the same.
   */
  growthPermille?: number;
}

export interface Quote {
  side: 'buy' | 'sell';
  price: number;
  quantity: number;
}

const bps = 10_000n;
const permille = 1000n;

/** Best level first on each side: bids from the top down, then asks from the bottom up. */
export function ladder(index: number, rules: MarketRules, settings: LadderSettings): Quote[] {
  const center = BigInt(index);
  const tick = BigInt(rules.tickSize);
  // Half the spread on each side, in hundredths of a basis point so an odd spread splits exactly.
  const half = BigInt(settings.spreadBps) * 50n;
  const step = BigInt(settings.stepBps) * 100n;
  const scale = bps * 100n;
  const bids = new Side('buy', rules);
  const asks = new Side('sell', rules);
  const growth = BigInt(settings.growthPermille ?? 1000);
  const base = BigInt(settings.levelQuote);
  for (let level = 0n; level < BigInt(settings.levels); level++) {
    // base × growth^level, rounded up so that no level is worth less than its share.
    const power = permille ** level;
    const value = (base * growth ** level + power - 1n) / power;
    const below = center * (scale - half - level * step);
    const above = center * (scale + half + level * step);
    // Bids round down and asks up to the tick: never inside the published spread.
    if (below > 0n) bids.add((below / scale / tick) * tick, value);
    asks.add(((above + scale * tick - 1n) / (scale * tick)) * tick, value);
  }
  return [...bids.quotes, ...asks.quotes];
}

/** One side of the ladder as it is built, best level first. */
class Side {
  readonly quotes: Quote[] = [];
  readonly #seen = new Set<bigint>();
  #last = 0n;
  constructor(
    readonly side: Quote['side'],
    readonly rules: MarketRules,
  ) {}

  add(price: bigint, value: bigint): void {
    if (price <= 0n || price > BigInt(this.rules.maxPrice) || this.#seen.has(price)) return;
    // Never smaller than the level nearer the mid: sizes grow away from it on both sides.
    const quantity = this.#quantity(price, value);
    if (quantity === 0n) return;
    this.#seen.add(price);
    this.#last = quantity;
    this.quotes.push({ side: this.side, price: Number(price), quantity: Number(quantity) });
  }

  /** Whole lots worth at least `value` and the market's minimum at `price`; 0 when none fits. */
  #quantity(price: bigint, value: bigint): bigint {
    const lot = BigInt(this.rules.lotSize);
    const least = value > BigInt(this.rules.minNotional) ? value : BigInt(this.rules.minNotional);
    const perLot = price * lot;
    let quantity = ((least + perLot - 1n) / perLot) * lot;
    if (quantity < this.#last) quantity = this.#last;
    const most = BigInt(this.rules.maxQuantity) - (BigInt(this.rules.maxQuantity) % lot);
    if (quantity > most) quantity = most;
    return quantity * price >= BigInt(this.rules.minNotional) ? quantity : 0n;
  }
}
