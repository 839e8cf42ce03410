// The order book's depth bars: each row's bar is its cumulative quantity against the deepest
// row shown on either side, so the two sides compare at a glance.
import type { BookRow } from '../../workers/facade.ts';

/** Rows per side: what fits beside the chart on a phone without scrolling far. */
export const bookDepth = 20;

export interface DepthRows {
  bids: readonly BookRow[];
  asks: readonly BookRow[];
  /** The largest cumulative quantity shown: the full-width bar. */
  deepest: number;
}

export function depthRows(
  bids: readonly BookRow[],
  asks: readonly BookRow[],
  depth = bookDepth,
): DepthRows {
  const shownBids = bids.slice(0, depth);
  const shownAsks = asks.slice(0, depth);
  const deepest = Math.max(0, ...shownBids.map((row) => row[2]), ...shownAsks.map((row) => row[2]));
  return { bids: shownBids, asks: shownAsks, deepest };
}

/** A bar's width in percent, 0 to 100. */
export function depthPercent(cumulative: number, deepest: number): number {
  if (!(deepest > 0) || !(cumulative > 0)) return 0;
  return Math.min(100, (cumulative / deepest) * 100);
}
