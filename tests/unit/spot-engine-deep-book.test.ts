// The spot engine with thousands of resting orders over a price range of 10^10 units, against the
// naive reference book: the typed-array order store, the id table and the price ladder all grow
// from their smallest size here, and levels come and go far from the best price.
import { describe, expect, it } from 'vitest';
import type { MarketRules } from '../../core/market/order-rules.ts';
import type { EngineEvent, Side } from '../../server/matching/events.ts';
import { OrderBook } from '../../server/matching/order-book.ts';
import { NaiveBook } from '../support/naive-book.ts';
import { seededRandom } from '../support/seeded-random.ts';

const rules: MarketRules = {
  tickSize: 1_000,
  lotSize: 1,
  minNotional: 1,
  maxPrice: 10_000_000_000,
  maxQuantity: 900_000,
};

describe('spot engine with a deep book over a wide price range', () => {
  it('agrees with the naive book on events, levels and quantities', () => {
    const next = seededRandom(21);
    const engine = new OrderBook(rules);
    const naive = new NaiveBook(rules);
    const live: { id: number; user: number }[] = [];
    const mid = 5_000_000;
    const price = (side: Side, far: boolean) => {
      // Mostly near the middle of the range, some anywhere in it: far apart in the ladder.
      const ticks = far ? 1 + Math.floor(next() * (mid - 1)) : 1 + Math.floor(next() ** 3 * 2_000);
      return (side === 'buy' ? mid - ticks : mid + ticks) * rules.tickSize;
    };
    let nextId = 1;
    for (let step = 0; step < 12_000; step++) {
      const side: Side = next() < 0.5 ? 'buy' : 'sell';
      const user = 1 + Math.floor(next() * 50);
      const roll = step < 3_000 ? 0 : next();
      let ours: number;
      let theirs: EngineEvent[];
      if (roll < 0.5) {
        const id = nextId++;
        const p = price(side, next() < 0.2);
        const q = 1 + Math.floor(next() * 100);
        ours = engine.limit(id, user, side, p, q);
        theirs = naive.limit(id, user, side, p, q);
        live.push({ id, user });
      } else if (roll < 0.9) {
        const at = Math.floor(next() * live.length);
        const order = live[at] ?? { id: 1, user: 1 };
        live[at] = live[live.length - 1] ?? order;
        live.pop();
        ours = engine.cancel(order.id, order.user);
        theirs = naive.cancel(order.id, order.user);
      } else {
        // Crosses into the other side: sweeps levels near the best price.
        const id = nextId++;
        const p = (side === 'buy' ? mid + 50 : mid - 50) * rules.tickSize;
        const q = 1 + Math.floor(next() * 2_000);
        ours = engine.limit(id, user, side, p, q);
        theirs = naive.limit(id, user, side, p, q);
        live.push({ id, user });
      }
      expect(engine.events.slice(0, ours), `step ${step}`).toEqual(theirs);
      if (step % 1_000 === 999) {
        for (const s of ['buy', 'sell'] as const) {
          const resting = naive.restingOrders(s);
          expect(engine.restingOrders(s)).toEqual(resting);
          const byPrice = new Map<number, number>();
          for (const o of resting) byPrice.set(o.price, (byPrice.get(o.price) ?? 0) + o.remaining);
          expect(
            engine.depth(s, Number.POSITIVE_INFINITY).map((l) => [l.price, l.quantity]),
          ).toEqual([...byPrice]);
          for (const [p, quantity] of byPrice) expect(engine.quantityAt(s, p)).toBe(quantity);
        }
        expect(engine.orderCount).toBeGreaterThanOrEqual(1_000);
      }
    }
  });
});
