// Edge cases of the spot matching engine, one by one.
import { describe, expect, it } from 'vitest';
import {
  affordableQuantity,
  checkLimitOrder,
  type MarketRules,
} from '../../core/market/order-rules.ts';
import type { EngineEvent } from '../../server/matching/events.ts';
import { OrderBook } from '../../server/matching/order-book.ts';

const rules: MarketRules = {
  tickSize: 10,
  lotSize: 100,
  minNotional: 50_000,
  maxPrice: 10_000_000,
  maxQuantity: 100_000_000,
};

/** The events of the last command, copied and trimmed to the fields that matter for each kind. */
function events(book: OrderBook, count: number) {
  return book.events.slice(0, count).map((e: EngineEvent) => {
    switch (e.kind) {
      case 'fill':
        return {
          kind: e.kind,
          taker: e.orderId,
          maker: e.makerOrderId,
          price: e.price,
          quantity: e.quantity,
          quote: e.quote,
          remaining: e.remaining,
          makerRemaining: e.makerRemaining,
        };
      case 'reject':
        return { kind: e.kind, orderId: e.orderId, reason: e.reason };
      case 'cancel':
        return { kind: e.kind, orderId: e.orderId, remaining: e.remaining, reason: e.reason };
      default:
        return {
          kind: e.kind,
          orderId: e.orderId,
          price: e.price,
          quantity: e.quantity,
          quote: e.quote,
          remaining: e.remaining,
        };
    }
  });
}

describe('spot order book', () => {
  it('rejects a cancel of an unknown, a filled or an already cancelled order', () => {
    const book = new OrderBook(rules);
    expect(events(book, book.cancel(42, 1))).toEqual([
      { kind: 'reject', orderId: 42, reason: 'unknown_order' },
    ]);
    book.limit(1, 1, 'sell', 1_000, 100);
    book.limit(2, 2, 'buy', 1_000, 100);
    expect(events(book, book.cancel(1, 1))[0]).toMatchObject({ reason: 'unknown_order' });
    book.limit(3, 1, 'sell', 1_000, 100);
    book.cancel(3, 1);
    expect(events(book, book.cancel(3, 1))[0]).toMatchObject({ reason: 'unknown_order' });
  });

  it("rejects a cancel of another user's order and leaves it resting", () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'buy', 1_000, 100);
    expect(events(book, book.cancel(1, 2))[0]).toMatchObject({ reason: 'not_owner' });
    expect(book.order(1)).toMatchObject({ remaining: 100 });
  });

  it('fills nothing and rests nothing for market orders against an empty book', () => {
    const book = new OrderBook(rules);
    expect(events(book, book.marketBuy(1, 1, 100_000))).toEqual([
      { kind: 'done', orderId: 1, price: 0, quantity: 0, quote: 0, remaining: 100_000 },
    ]);
    expect(events(book, book.marketSell(2, 1, 500))).toEqual([
      { kind: 'done', orderId: 2, price: 0, quantity: 0, quote: 0, remaining: 500 },
    ]);
    expect(book.orderCount).toBe(0);
    expect([book.bestBid(), book.bestAsk()]).toEqual([0, 0]);
  });

  it('spends a market buy by turnover in whole lots and returns the dust', () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'sell', 1_000, 300);
    book.limit(2, 1, 'sell', 1_010, 1_000);
    // 300 at 1,000 costs 300,000; the 250,000 left buys 200 at 1,010 (202,000), and 48,000 is
    // dust: less than one lot (101,000) at that price.
    expect(events(book, book.marketBuy(3, 2, 550_000))).toEqual([
      {
        kind: 'fill',
        taker: 3,
        maker: 1,
        price: 1_000,
        quantity: 300,
        quote: 300_000,
        remaining: 250_000,
        makerRemaining: 0,
      },
      {
        kind: 'fill',
        taker: 3,
        maker: 2,
        price: 1_010,
        quantity: 200,
        quote: 202_000,
        remaining: 48_000,
        makerRemaining: 800,
      },
      { kind: 'done', orderId: 3, price: 0, quantity: 500, quote: 502_000, remaining: 48_000 },
    ]);
    expect(book.order(2)).toMatchObject({ remaining: 800 });
    expect(book.bestAsk()).toBe(1_010);
  });

  it('cancels the rest of a partly filled order and releases exactly what is left', () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'buy', 2_000, 1_000);
    book.marketSell(2, 2, 300);
    expect(book.order(1)).toMatchObject({ remaining: 700 });
    expect(book.depth('buy', 5)).toEqual([{ price: 2_000, quantity: 700, orders: 1 }]);
    expect(events(book, book.cancel(1, 1))).toEqual([
      { kind: 'cancel', orderId: 1, remaining: 700, reason: 'user' },
    ]);
    expect(book.depth('buy', 5)).toEqual([]);
  });

  it('fills by price, then by time within a price, and rests what is left of the taker', () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'sell', 1_010, 100);
    book.limit(2, 2, 'sell', 1_000, 100);
    book.limit(3, 3, 'sell', 1_000, 100);
    book.limit(4, 4, 'sell', 1_000, 100);
    book.cancel(3, 3);
    const fills = events(book, book.limit(5, 5, 'buy', 1_010, 400));
    expect(fills.map((e) => (e.kind === 'fill' ? e.maker : e.kind))).toEqual([2, 4, 1, 'rest']);
    expect(fills.at(-1)).toEqual({
      kind: 'rest',
      orderId: 5,
      price: 1_010,
      quantity: 100,
      quote: 0,
      remaining: 100,
    });
    expect(book.restingOrders('buy')).toEqual([
      { orderId: 5, userId: 5, side: 'buy', price: 1_010, remaining: 100 },
    ]);
  });

  it('reports a fully filled limit order as done at its limit price', () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'buy', 1_000, 200);
    expect(events(book, book.limit(2, 2, 'sell', 990, 200)).at(-1)).toEqual({
      kind: 'done',
      orderId: 2,
      price: 990,
      quantity: 200,
      quote: 200_000,
      remaining: 0,
    });
  });

  it('cancels the resting order of the same user instead of trading with it', () => {
    const book = new OrderBook(rules);
    book.limit(1, 7, 'sell', 1_000, 100);
    book.limit(2, 8, 'sell', 1_000, 100);
    expect(events(book, book.limit(3, 7, 'buy', 1_000, 100))).toEqual([
      { kind: 'cancel', orderId: 1, remaining: 100, reason: 'self_trade' },
      {
        kind: 'fill',
        taker: 3,
        maker: 2,
        price: 1_000,
        quantity: 100,
        quote: 100_000,
        remaining: 0,
        makerRemaining: 0,
      },
      { kind: 'done', orderId: 3, price: 1_000, quantity: 100, quote: 100_000, remaining: 0 },
    ]);
    expect(book.orderCount).toBe(0);
  });

  it('rejects bad orders with a reason and changes nothing', () => {
    const book = new OrderBook(rules);
    book.limit(1, 1, 'buy', 1_000, 100);
    const cases: [() => number, string][] = [
      [() => book.limit(2, 1, 'buy', 1_005, 100), 'price_off_tick'],
      [() => book.limit(2, 1, 'buy', 0, 100), 'invalid_price'],
      [() => book.limit(2, 1, 'buy', 10.5, 100), 'invalid_price'],
      [() => book.limit(2, 1, 'buy', 20_000_000, 100), 'price_too_high'],
      [() => book.limit(2, 1, 'buy', 1_000, 150), 'quantity_off_lot'],
      [() => book.limit(2, 1, 'buy', 1_000, -100), 'invalid_quantity'],
      [() => book.limit(2, 1, 'buy', 1_000, 200_000_000), 'quantity_too_large'],
      [() => book.limit(2, 1, 'buy', 10, 100), 'below_min_notional'],
      [() => book.limit(1, 1, 'buy', 1_000, 100), 'duplicate_order_id'],
      [() => book.limit(0, 1, 'buy', 1_000, 100), 'invalid_order_id'],
      [() => book.limit(2, 0, 'buy', 1_000, 100), 'invalid_user'],
      [() => book.marketBuy(2, 1, 49_999), 'below_min_notional'],
      [() => book.marketBuy(2, 1, Number.NaN), 'invalid_amount'],
      [() => book.marketSell(2, 1, 250), 'quantity_off_lot'],
    ];
    for (const [command, reason] of cases) {
      const count = command();
      expect(count).toBe(1);
      expect(book.events[0]).toMatchObject({ kind: 'reject', reason });
    }
    expect(book.restingOrders('buy')).toEqual([
      { orderId: 1, userId: 1, side: 'buy', price: 1_000, remaining: 100 },
    ]);
  });

  it('refuses rules whose products could leave the exact integer range', () => {
    expect(() => new OrderBook({ ...rules, maxPrice: 2 ** 30, maxQuantity: 2 ** 30 })).toThrow(
      /2\^53/,
    );
    expect(() => new OrderBook({ ...rules, tickSize: 0 })).toThrow(/tickSize/);
  });

  it('checks rules and whole lots without floating point surprises', () => {
    expect(checkLimitOrder(rules, 1_000, 100)).toBeNull();
    expect(affordableQuantity(rules, 99_999, 1_000)).toBe(0);
    expect(affordableQuantity(rules, 100_000, 1_000)).toBe(100);
    // Near 2^53 the float quotient rounds up; the whole-lot count must not.
    const big = { ...rules, lotSize: 1, maxPrice: 3, maxQuantity: 2 ** 51 };
    expect(affordableQuantity(big, 3 * 2 ** 51 - 1, 3)).toBe(2 ** 51 - 1);
  });

  it('keeps many orders of one level in time order through cancels in the middle', () => {
    const book = new OrderBook(rules);
    for (let id = 1; id <= 1_000; id++) book.limit(id, id, 'sell', 1_000, 100);
    for (let id = 2; id <= 1_000; id += 2) book.cancel(id, id);
    expect(book.depth('sell', 1)).toEqual([{ price: 1_000, quantity: 50_000, orders: 500 }]);
    const count = book.limit(5_001, 5_001, 'buy', 1_000, 300);
    expect(
      book.events
        .slice(0, count)
        .filter((e) => e.kind === 'fill')
        .map((e) => e.makerOrderId),
    ).toEqual([1, 3, 5]);
  });

  describe('quantityAt', () => {
    it('is 0 on an empty book and at prices that hold no level', () => {
      const book = new OrderBook(rules);
      expect(book.quantityAt('buy', 1_000)).toBe(0);
      expect(book.quantityAt('sell', 1_000)).toBe(0);
      book.limit(1, 1, 'buy', 1_000, 100);
      expect(book.quantityAt('sell', 1_000)).toBe(0);
      expect(book.quantityAt('buy', 1_010)).toBe(0);
      // Not a price of this market: off the tick, above the maximum, not a positive integer.
      for (const price of [1_005, 20_000_000, 0, -1_000, 1_000.5, Number.NaN]) {
        expect(book.quantityAt('buy', price)).toBe(0);
      }
    });

    it('sums the orders resting at that price and side', () => {
      const book = new OrderBook(rules);
      book.limit(1, 1, 'buy', 1_000, 100);
      book.limit(2, 2, 'buy', 1_000, 300);
      book.limit(3, 3, 'buy', 990, 500);
      book.limit(4, 4, 'sell', 1_020, 200);
      expect(book.quantityAt('buy', 1_000)).toBe(400);
      expect(book.quantityAt('buy', 990)).toBe(500);
      expect(book.quantityAt('sell', 1_020)).toBe(200);
    });

    it('drops by what a partial fill took', () => {
      const book = new OrderBook(rules);
      book.limit(1, 1, 'sell', 1_000, 300);
      book.limit(2, 2, 'sell', 1_000, 200);
      book.limit(3, 3, 'buy', 1_000, 400);
      expect(book.quantityAt('sell', 1_000)).toBe(100);
      expect(book.order(2)).toMatchObject({ remaining: 100 });
    });

    it('drops by the remainder of a cancelled order', () => {
      const book = new OrderBook(rules);
      book.limit(1, 1, 'buy', 1_000, 300);
      book.limit(2, 2, 'buy', 1_000, 200);
      book.marketSell(3, 3, 100);
      book.cancel(1, 1);
      expect(book.quantityAt('buy', 1_000)).toBe(200);
    });

    it('is 0 once the level empties, and counts afresh when it fills again', () => {
      const book = new OrderBook(rules);
      book.limit(1, 1, 'sell', 1_000, 300);
      book.limit(2, 2, 'sell', 1_010, 300);
      book.marketBuy(3, 3, 300_000);
      expect(book.quantityAt('sell', 1_000)).toBe(0);
      expect(book.quantityAt('sell', 1_010)).toBe(300);
      book.cancel(2, 2);
      expect(book.quantityAt('sell', 1_010)).toBe(0);
      book.limit(4, 4, 'sell', 1_000, 100);
      expect(book.quantityAt('sell', 1_000)).toBe(100);
    });
  });
});
