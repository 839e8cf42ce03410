// Order books from `depth.*` frames (spot) and `contract-depth.*` frames (the perpetuals' own books),
// one reducer for both: a snapshot, then diffs that must each follow the version the book is at. A
// diff that does not is a gap: the book stops changing and is marked, and the worker asks the
// server for a new snapshot (the local-book protocol of docs/product.md §8).
import type { Level } from '../../schemas/api/market.schema.ts';
import type { EventOf } from '../events.ts';
import { defineFold } from './fold.ts';

export interface BookState {
  /** The version of the last snapshot or diff applied. */
  version: number;
  /** Price → quantity, decimal strings as the server sent them. */
  bids: ReadonlyMap<string, string>;
  asks: ReadonlyMap<string, string>;
  /** A diff was missed; the book waits for a new snapshot. */
  gap: boolean;
}

export type BooksView = Readonly<Record<string, BookState>>;

export const initialBooks: BooksView = {};

const isZero = (quantity: string) => !/[1-9]/.test(quantity);

function applied(side: ReadonlyMap<string, string>, levels: readonly Level[]): Map<string, string> {
  const next = new Map(side);
  for (const [price, quantity] of levels) {
    if (isZero(quantity)) next.delete(price);
    else next.set(price, quantity);
  }
  return next;
}

/** A depth frame as both books' events carry it. */
type DepthFrame = EventOf<'depth'>['payload'];

/** Every book waits for the snapshot a resubscription brings: diffs are lost while closed. */
export function gapped(state: BooksView): BooksView {
  const next: Record<string, BookState> = {};
  for (const [symbol, book] of Object.entries(state)) next[symbol] = { ...book, gap: true };
  return next;
}

/** The books after one frame: a snapshot replaces its book, a diff must follow its version. */
export function withDepth(state: BooksView, { symbol, seq, data }: DepthFrame): BooksView {
  const book = state[symbol];
  switch (data.type) {
    case 'snapshot':
      return {
        ...state,
        [symbol]: {
          version: seq,
          bids: applied(new Map(), data.bids),
          asks: applied(new Map(), data.asks),
          gap: false,
        },
      };
    case 'diff':
      if (!book || book.gap) return state;
      if (data.prev !== book.version) return { ...state, [symbol]: { ...book, gap: true } };
      return {
        ...state,
        [symbol]: {
          version: seq,
          bids: applied(book.bids, data.bids),
          asks: applied(book.asks, data.asks),
          gap: false,
        },
      };
  }
}

/** The markets whose book a missed diff has just left waiting: each wants a fresh snapshot. */
export function newlyGapped(before: BooksView, after: BooksView): string[] {
  if (before === after) return [];
  return Object.entries(after)
    .filter(([symbol, book]) => book.gap && !before[symbol]?.gap)
    .map(([symbol]) => symbol);
}

/** The spot markets' books, from `depth.*`. */
export const booksFold = defineFold(initialBooks, {
  close: gapped,
  depth: (state, { payload }) => withDepth(state, payload),
});

/** The perpetuals' own books, from `contract-depth.*`: the same protocol on the contract engine's books. */
export const contractBooksFold = defineFold(initialBooks, {
  close: gapped,
  'contract-depth': (state, { payload }) => withDepth(state, payload),
});
