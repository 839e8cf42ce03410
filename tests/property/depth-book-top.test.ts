// A book's top (depth-book.ts `top`), which the door's book ticker sends and its ticker calls
// answer, is the first level of each side of its published snapshot, and moves only when published.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookTops } from '../../server/market/binance-book-tops.ts';
import { DepthBook } from '../../server/market/depth-book.ts';
import { bookOperation } from '../support/book-operations.ts';

describe("a book's top", () => {
  it('is the best published bid and ask, at the published version, after any changes', () => {
    fc.assert(
      fc.property(fc.array(bookOperation, { maxLength: 40 }), (operations) => {
        const book = new DepthBook();
        for (const { kind, bids, asks, publish } of operations) {
          book.apply(kind, bids, asks);
          if (publish) book.publish();
          const { version, bids: bestBids, asks: bestAsks } = book.snapshot(1);
          expect(book.top()).toEqual({ version, bid: bestBids[0], ask: bestAsks[0] });
        }
      }),
    );
  });

  it('is sent again only when it moved since it was last sent', () => {
    fc.assert(
      fc.property(fc.array(bookOperation, { maxLength: 40 }), (operations) => {
        const book = new DepthBook();
        const tops = new BookTops();
        let sent: ReturnType<DepthBook['top']> | undefined;
        for (const { kind, bids, asks } of operations) {
          book.apply(kind, bids, asks);
          book.publish();
          const top = book.top();
          const moved =
            sent === undefined ||
            JSON.stringify([top.bid, top.ask]) !== JSON.stringify([sent.bid, sent.ask]);
          const changed = tops.changed('BTCUSDT', book);
          expect(changed).toEqual(moved ? top : null);
          if (changed) sent = changed;
        }
      }),
    );
  });
});
