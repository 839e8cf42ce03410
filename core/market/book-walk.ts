// What a market order would do to the book it is sent against, before it is sent: the levels it
// takes best first, the average price it pays, its slippage against a reference (the best price on
// spot, the mark on the perpetuals) and how much of it the visible book fills. The matching
// engine's own rule is followed (server/matching/order-book.ts): a buy by quote amount takes at
// each level as many whole lots as the money left buys there. Everything is exact: prices,
// quantities and amounts are bigint units of one scale each, quote = price units × quantity units.

/** A level of one side of the book, best first: its price and the quantity resting there. */
export type WalkLevel = readonly [price: bigint, quantity: bigint];

/** What the order asks for: a quantity, or (a spot market buy) an amount of quote to spend. */
export type WalkAsk = { quantity: bigint } | { quote: bigint };

export interface BookWalk {
  /** The quantity the visible book fills. */
  filled: bigint;
  /** What the filled quantity is worth, in quote units (price × quantity). */
  spent: bigint;
  /** The filled quote ÷ the filled quantity, rounded half up to a price unit; null when none fills. */
  average: bigint | null;
  /** The best and worst prices the order reaches; null when none fills. */
  best: bigint | null;
  worst: bigint | null;
  /** The visible book fills the order whole (a buy by amount: spends it but for less than a lot). */
  whole: boolean;
}

/** The levels one order takes from `levels` (best first), in whole lots of `lot` units. */
export function walkLevels(levels: readonly WalkLevel[], ask: WalkAsk, lot = 1n): BookWalk {
  const byQuote = 'quote' in ask;
  let left = byQuote ? ask.quote : ask.quantity;
  let filled = 0n;
  let spent = 0n;
  let best: bigint | null = null;
  let worst: bigint | null = null;
  // A buy by amount is whole once its money cannot buy one more lot where the walk stopped.
  let spentOut = left <= 0n;
  for (const [price, size] of levels) {
    if (left <= 0n) break;
    if (price <= 0n || size <= 0n) continue;
    const affordable = byQuote ? (left / price / lot) * lot : left;
    // The money left cannot buy one lot here, and every later level is dearer.
    if (affordable === 0n) {
      spentOut = true;
      break;
    }
    const taken = affordable < size ? affordable : size;
    best ??= price;
    worst = price;
    filled += taken;
    spent += taken * price;
    left -= byQuote ? taken * price : taken;
    if (taken < size) spentOut = true;
  }
  if (byQuote && (left <= 0n || (worst !== null && left < worst * lot))) spentOut = true;
  const whole = byQuote ? spentOut : left <= 0n;
  const average = filled === 0n ? null : (spent * 2n + filled) / (2n * filled);
  return { filled, spent, average, best, worst, whole };
}

/**
 * How far the average is from the reference, in percent of it with two decimals, signed so that
 * a worse price is positive: above it for a buy, below it for a sell. Null without either price.
 */
export function slippagePercent(
  side: 'buy' | 'sell',
  average: bigint | null,
  reference: bigint | null,
): string | null {
  if (average === null || reference === null || reference <= 0n) return null;
  const worse = side === 'buy' ? average - reference : reference - average;
  // Hundredths of a percent, rounded half away from zero; written here rather than borrowed, so
  // the lazily loaded code that walks a book pulls nothing more into the worker's first file.
  const doubled = (worse * 20_000n) / reference;
  const hundredths = (doubled + (doubled < 0n ? -1n : 1n)) / 2n;
  const size = hundredths < 0n ? -hundredths : hundredths;
  return `${hundredths < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}
