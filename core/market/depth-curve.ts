// The depth chart's outline, as every large exchange draws it beside the book: for each price of
// a side, the size of every level at that price or better, so the bids climb from the best bid
// down and the asks from the best ask up. Sizes are summed exactly (integers of their finest
// decimal) and turned into numbers only as heights to draw, never as amounts.
import { compareDecimals, fromUnits } from './units.ts';

/** A level as the book holds it: price and size, plain decimal strings. */
export type DepthLevel = readonly [price: string, size: string];

/** A corner of the outline: at `price`, the total size of the levels at that price or better. */
export interface DepthPoint {
  price: number;
  /** The height drawn. */
  total: number;
  /** The same total as an exact decimal, for the words that say it. */
  exactTotal: string;
}

export interface DepthCurve {
  /** From the best (highest) bid down. */
  bids: DepthPoint[];
  /** From the best (lowest) ask up. */
  asks: DepthPoint[];
}

const plainDecimal = /^(\d+)(?:\.(\d+))?$/;

export function depthCurve(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): DepthCurve {
  return { bids: cumulative(bids, true), asks: cumulative(asks, false) };
}

/** One side's points, best price first; levels of one price count once, with their sizes added. */
function cumulative(levels: readonly DepthLevel[], descending: boolean): DepthPoint[] {
  const valid = levels.filter(
    ([price, size]) => plainDecimal.test(price) && plainDecimal.test(size),
  );
  const sorted = [...valid].sort(([a], [b]) =>
    descending ? compareDecimals(b, a) : compareDecimals(a, b),
  );
  const scale = Math.max(0, ...sorted.map(([, size]) => size.split('.')[1]?.length ?? 0));
  const points: DepthPoint[] = [];
  let sum = 0n;
  let lastPrice: string | null = null;
  for (const [price, size] of sorted) {
    sum += units(size, scale);
    const exactTotal = fromUnits(sum, scale);
    const total = Number(exactTotal);
    const last = points[points.length - 1];
    if (last && lastPrice !== null && compareDecimals(price, lastPrice) === 0) {
      last.total = total;
      last.exactTotal = exactTotal;
    } else points.push({ price: Number(price), total, exactTotal });
    lastPrice = price;
  }
  return points;
}

/** `"1.5"` at scale 3 → 1500n. */
function units(decimal: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}
