// The perpetuals' own books as the public sees them: each market's levels as the contract engine
// leaves them after every committed batch, and its trades, kept for the calls and drained by the
// socket each publication tick. The levels come from the engine's books, never from a feed.

import type { BookDiff } from '../market/depth-book.ts';
import { DepthBook } from '../market/depth-book.ts';
import { RecentTrades, type UnitTrade } from '../market/recent-trades.ts';
import { everyLevel } from '../matching/book-levels.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { ContractCommitted } from './contract-engine.ts';

export interface PublicBook {
  depth: DepthBook;
  trades: RecentTrades;
}

export interface BookChanges {
  trades: UnitTrade[];
  depth: BookDiff | null;
}

export class PublicBooks {
  readonly #books = new Map<string, PublicBook>();

  constructor(symbols: Iterable<string>) {
    for (const symbol of symbols) {
      this.#books.set(symbol, { depth: new DepthBook(), trades: new RecentTrades() });
    }
  }

  book(symbol: string): PublicBook | undefined {
    return this.#books.get(symbol);
  }

  /** After the engine read its books back: every level of each, the gone ones removed. */
  rebuilt(bookOf: (symbol: string) => OrderBook | undefined): void {
    for (const [symbol, { depth }] of this.#books) {
      const book = bookOf(symbol);
      if (book) depth.apply('snapshot', everyLevel(book, 'buy'), everyLevel(book, 'sell'));
    }
  }

  /** A committed batch: the levels it touched at their quantity now, and its fills as trades. */
  committed(committed: ContractCommitted, bookOf: (symbol: string) => OrderBook | undefined): void {
    const { touched, fills } = committed.effects;
    for (const [symbol, levels] of touched) {
      const book = bookOf(symbol);
      const depth = this.#books.get(symbol)?.depth;
      if (!book || !depth) continue;
      const bids = new Map<number, number>();
      const asks = new Map<number, number>();
      for (const { side, price } of levels) {
        (side === 'buy' ? bids : asks).set(price, book.quantityAt(side, price));
      }
      depth.apply('update', [...bids], [...asks]);
    }
    for (const fill of fills) {
      this.#books.get(fill.symbol)?.trades.add({
        price: fill.price,
        quantity: fill.quantity,
        side: fill.takerSide,
        ts: committed.ts,
      });
    }
  }

  /** What changed in each book since the last call. */
  drain(): Map<string, BookChanges> {
    const changes = new Map<string, BookChanges>();
    for (const [symbol, book] of this.#books) {
      changes.set(symbol, { trades: book.trades.drain(), depth: book.depth.publish() });
    }
    return changes;
  }
}
