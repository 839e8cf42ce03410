// The perpetuals' public books after the engine reads its books back (at start, or after a failed
// batch): the public book becomes the rebuilt one, and a client holding the old one is sent the
// difference, levels gone included.
import { describe, expect, it } from 'vitest';
import { contractMarketOf } from '../../server/contract/contract-markets.ts';
import { PublicBooks } from '../../server/contract/public-books.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { OrderBook } from '../../server/matching/order-book.ts';

const spec = knownMarkets.find((candidate) => candidate.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });

function bookWith(orders: readonly [side: 'buy' | 'sell', price: number, quantity: number][]) {
  const book = new OrderBook({ ...market.rules, minNotional: 0 });
  for (const [i, [side, price, quantity]] of orders.entries()) {
    book.limit(i + 1, 1, side, price, quantity);
  }
  return book;
}

describe('public books after a rebuild', () => {
  it('show the rebuilt levels and send the change, a level gone as zero', () => {
    const books = new PublicBooks([market.symbol]);
    books.rebuilt(() =>
      bookWith([
        ['buy', 9_999_000, 5],
        ['buy', 9_998_000, 7],
        ['sell', 10_001_000, 3],
      ]),
    );
    const first = books.drain().get(market.symbol)?.depth;
    expect(first).toMatchObject({ prev: 0, version: 1 });
    expect(books.book(market.symbol)?.depth.snapshot(10)).toEqual({
      version: 1,
      bids: [
        [9_999_000, 5],
        [9_998_000, 7],
      ],
      asks: [[10_001_000, 3]],
    });

    // The order at 9,998,000 was in the batch that failed: the book read back lacks it.
    books.rebuilt(() =>
      bookWith([
        ['buy', 9_999_000, 5],
        ['sell', 10_001_000, 3],
      ]),
    );
    expect(books.drain().get(market.symbol)?.depth).toEqual({
      prev: 1,
      version: 2,
      bids: [[9_998_000, 0]],
      asks: [],
    });
    // Nothing else changed: the next tick has no diff.
    expect(books.drain().get(market.symbol)?.depth).toBeNull();
  });
});
