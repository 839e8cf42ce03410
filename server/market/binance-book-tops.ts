// What a publisher last sent of each book's top on `<symbol>@bookTicker`: Binance sends the best
// bid and ask when either changes, so a tick that leaves both alone sends nothing. Kept per
// publisher (each server's own), never per process.
import type { DepthBook, UnitLevel } from './depth-book.ts';

export interface BookTop {
  /** The book's version, as the depth call's `lastUpdateId` and the diffs' `u` number it. */
  version: number;
  bid: UnitLevel | undefined;
  ask: UnitLevel | undefined;
}

export class BookTops {
  readonly #sent = new Map<string, string>();

  /** The top of `symbol`'s published book when it differs from the one last sent; else null. */
  changed(symbol: string, book: DepthBook): BookTop | null {
    const top = book.top();
    const key = `${top.bid?.join(':')}/${top.ask?.join(':')}`;
    if (this.#sent.get(symbol) === key) return null;
    this.#sent.set(symbol, key);
    return top;
  }
}
