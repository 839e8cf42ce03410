// The quotes the liquidity provider wants resting: a ladder of bids below and asks above the index
// price, a set spread apart, each level worth about the same in the quote asset. Pure, in units.
import type { MarketRules } from '../../../core/market/order-rules.ts';

export interface LadderSettings {
  /** Distance between the best bid and the best ask, in basis points of the index. */
  spreadBps: number;
  /** Distance between two levels of one side, in basis points. */
  stepBps: number;
  /** Levels per side. */
  levels: number;
  /** Value of one level in quote units (price units × quantity units). */
  levelQuote: number;
}

export interface Quote {
  side: 'buy' | 'sell';
  price: number;
  quantity: number;
}

const bps = 10_000n;

/** Best level first on each side: bids from the top down, then asks from the bottom up. */
export function ladder(index: number, rules: MarketRules, settings: LadderSettings): Quote[] {
  const center = BigInt(index);
  const tick = BigInt(rules.tickSize);
  // Half the spread on each side, in hundredths of a basis point so an odd spread splits exactly.
  const half = BigInt(settings.spreadBps) * 50n;
  const step = BigInt(settings.stepBps) * 100n;
  const scale = bps * 100n;
  const bids: Quote[] = [];
  const asks: Quote[] = [];
  const seen = new Set<string>();
  for (let level = 0n; level < BigInt(settings.levels); level++) {
    const below = center * (scale - half - level * step);
    const above = center * (scale + half + level * step);
    if (below > 0n) {
      // Bids round down and asks up to the tick: never inside the published spread.
      const price = (below / scale / tick) * tick;
      add(bids, 'buy', Number(price));
    }
    const price = ((above + scale * tick - 1n) / (scale * tick)) * tick;
    add(asks, 'sell', Number(price));
  }
  return [...bids, ...asks];

  function add(quotes: Quote[], side: Quote['side'], price: number): void {
    const key = `${side}:${price}`;
    if (price <= 0 || price > rules.maxPrice || seen.has(key)) return;
    const quantity = levelQuantity(price, rules, settings.levelQuote);
    if (quantity === 0) return;
    seen.add(key);
    quotes.push({ side, price, quantity });
  }
}

/** Whole lots worth about `levelQuote` at `price`, and at least the market's minimum value. */
function levelQuantity(price: number, rules: MarketRules, levelQuote: number): number {
  const lot = rules.lotSize;
  let lots = Math.floor(levelQuote / price / lot);
  if (lots * lot * price < rules.minNotional) lots = Math.ceil(rules.minNotional / (price * lot));
  const quantity = Math.min(lots * lot, rules.maxQuantity - (rules.maxQuantity % lot));
  return quantity * price >= rules.minNotional ? quantity : 0;
}
