// Order books from `depth.*` frames: a snapshot, then diffs that must each follow the version the
// book is at. A diff that does not is a gap: the book stops changing and is marked, and the
// worker asks the server for a new snapshot (the local-book protocol of design.md §4).
import type { LoggedEvent } from '../event-log.ts';

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

type Levels = readonly (readonly [string, string])[];

interface DepthFrame {
  channel: string;
  seq: number;
  data: { type?: unknown; prev?: unknown; bids?: Levels; asks?: Levels };
}

const isZero = (quantity: string) => !/[1-9]/.test(quantity);

function applied(side: ReadonlyMap<string, string>, levels: Levels): Map<string, string> {
  const next = new Map(side);
  for (const [price, quantity] of levels) {
    if (isZero(quantity)) next.delete(price);
    else next.set(price, quantity);
  }
  return next;
}

export function foldBooks(state: BooksView, event: LoggedEvent): BooksView {
  if (event.source === 'socket' && event.type === 'close') {
    // Diffs are lost while closed: every book waits for the snapshot a resubscription brings.
    const next: Record<string, BookState> = {};
    for (const [symbol, book] of Object.entries(state)) next[symbol] = { ...book, gap: true };
    return next;
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as DepthFrame;
  if (!frame.channel.startsWith('depth.')) return state;
  const symbol = frame.channel.slice('depth.'.length);
  const book = state[symbol];
  const { type, prev, bids = [], asks = [] } = frame.data ?? {};
  if (type === 'snapshot') {
    return {
      ...state,
      [symbol]: {
        version: frame.seq,
        bids: applied(new Map(), bids),
        asks: applied(new Map(), asks),
        gap: false,
      },
    };
  }
  if (type !== 'diff' || !book) return state;
  if (book.gap) return state;
  if (prev !== book.version) return { ...state, [symbol]: { ...book, gap: true } };
  return {
    ...state,
    [symbol]: {
      version: frame.seq,
      bids: applied(book.bids, bids),
      asks: applied(book.asks, asks),
      gap: false,
    },
  };
}
