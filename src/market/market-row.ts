// What a market row's figures mean for how they are drawn: the colour of a move, and whether a
// row changed at all since the last frame.
import type { MarketRow } from '../../workers/facade.ts';

export type Direction = 'up' | 'down' | 'flat';

export function trendDirection(trend: -1 | 0 | 1): Direction {
  return trend > 0 ? 'up' : trend < 0 ? 'down' : 'flat';
}

/**
 * The worker sends the change already formatted for the locale (`+1.25%`, `-0,40 %`); its sign
 * and digits say the direction. Unicode minus and bidi marks are tolerated; a zero change and the
 * `--` placeholder (docs/product.md §5) are neither gain nor loss.
 */
export function changeDirection(change: string): Direction {
  if (!/[1-9]/.test(change)) return 'flat';
  return /[-\u2212]/.test(change) ? 'down' : 'up';
}

/**
 * Every update arrives as new arrays through the worker boundary, so a row is compared field by
 * field: a tick redraws only the markets whose figures moved.
 */
export function sameRow(a: MarketRow, b: MarketRow): boolean {
  return a.length === b.length && a.every((field, index) => Object.is(field, b[index]));
}
