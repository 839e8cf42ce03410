// The limit price an order form starts from, read off the order book: the best ask for a buy and
// the best bid for a sell, the price that trades at once at the top of the book. Where the product
// bounds a limit price by the current price (spot, docs/product.md §12: a buy not above it, a sell
// not below it), the start never breaks that bound, so a form is never pre-filled with a price its
// own check refuses.
import { compareDecimals } from '../../core/market/units.ts';
import type { BookView } from '../../workers/facade.ts';

export type TradeSide = 'buy' | 'sell';

/** The best price of each side of a book, exact; null for an empty side or no book yet. */
export interface BookTop {
  bestAsk: string | null;
  bestBid: string | null;
}

export function bookTop(book: Pick<BookView, 'asks' | 'bids'> | undefined): BookTop {
  return { bestAsk: book?.asks[0]?.[3] ?? null, bestBid: book?.bids[0]?.[3] ?? null };
}

/**
 * The price a limit order of `side` starts from, or null while the book has nothing on the
 * side it would trade against. `bound` is the current price where the product bounds limit prices
 * by it: a buy then starts at the lower of the best ask and the bound, a sell at the higher of the
 * best bid and the bound.
 */
export function prefillPrice(side: TradeSide, top: BookTop, bound: string | null = null) {
  const best = side === 'buy' ? top.bestAsk : top.bestBid;
  if (best === null) return null;
  if (bound === null) return best;
  const beyond = side === 'buy' ? 1 : -1;
  return compareDecimals(best, bound) === beyond ? bound : best;
}
