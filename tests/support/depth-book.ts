// A book folded from a socket's `depth.<symbol>` frames as the app folds them: a snapshot replaces
// it, each difference changes the levels it names (a zero quantity removes one). Every difference
// must follow the frame before it by its `prev` (nothing lost, nothing twice), else it throws.
import type { DepthData } from '../../schemas/channel-data.ts';
import type { Frame } from './socket-client.ts';

export interface DepthBook {
  /** Price (as a plain number's text) → quantity. */
  bids: Map<string, string>;
  asks: Map<string, string>;
  /** How many differences were folded since the last snapshot. */
  diffs: number;
}

export function foldDepth(frames: readonly Frame[]): DepthBook {
  const book: DepthBook = { bids: new Map(), asks: new Map(), diffs: 0 };
  let version: number | undefined;
  for (const frame of frames) {
    const data = frame.data as DepthData;
    if (data.type === 'snapshot') {
      book.bids.clear();
      book.asks.clear();
      book.diffs = 0;
    } else {
      if (data.prev !== version) {
        throw new Error(`depth difference after ${data.prev}, but the book is at ${version}`);
      }
      book.diffs += 1;
    }
    for (const [side, levels] of [
      [book.bids, data.bids],
      [book.asks, data.asks],
    ] as const) {
      for (const [price, quantity] of levels) {
        if (Number(quantity) === 0) side.delete(String(Number(price)));
        else side.set(String(Number(price)), quantity);
      }
    }
    version = frame.seq;
  }
  return book;
}
