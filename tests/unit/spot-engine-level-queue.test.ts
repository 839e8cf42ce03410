// The order queues of the spot engine's price levels: time order through appends, cancels from
// anywhere and fills from the head; memory that stays bounded by the orders resting, however
// long one order sits at the head while others come and go behind it; every chunk back in the
// pool once the levels are gone.
import { describe, expect, it } from 'vitest';
import { LevelStore } from '../../server/matching/level-store.ts';
import { OrderTable } from '../../server/matching/order-table.ts';
import { seededRandom } from '../support/seeded-random.ts';

function setUp() {
  const orders = new OrderTable(0);
  const levels = new LevelStore(orders);
  let nextId = 1;
  const add = (level: number, quantity = 1) => {
    const id = nextId++;
    const slot = orders.add(id, 1, 'buy', quantity);
    levels.append(level, slot);
    return id;
  };
  const remove = (level: number, id: number) => {
    const slot = orders.find(id);
    levels.unlink(level, slot);
    orders.release(slot);
  };
  const queue = (level: number) => {
    const ids: number[] = [];
    levels.forEachOrder(level, (slot) => ids.push(orders.id(slot)));
    return ids;
  };
  return { orders, levels, add, remove, queue };
}

describe('spot engine level queues', () => {
  it('keep time order through cancels anywhere and fills at the head, against an array', () => {
    const { orders, levels, add, remove, queue } = setUp();
    const next = seededRandom(5);
    const level = levels.allocate(100);
    const model: number[] = [];
    for (let step = 0; step < 20_000; step++) {
      const roll = next();
      if (model.length === 0 || roll < 0.5) {
        const quantity = 1 + Math.floor(next() * 9);
        model.push(add(level, quantity));
      } else if (roll < 0.8) {
        const id = model.splice(Math.floor(next() * model.length), 1)[0] as number;
        remove(level, id);
      } else {
        // A fill takes the head.
        expect(orders.id(levels.head(level))).toBe(model[0]);
        remove(level, model.shift() as number);
      }
      expect(levels.orderCount(level)).toBe(model.length);
      if (step % 97 === 0) {
        expect(queue(level)).toEqual(model);
        const total = model.reduce((sum, id) => sum + orders.remaining(orders.find(id)), 0);
        expect(levels.quantity(level)).toBe(total);
      }
    }
    expect(queue(level)).toEqual(model);
  });

  it('stay bounded while one order holds the head and others come and go behind it', () => {
    const { levels, add, remove, queue } = setUp();
    const level = levels.allocate(100);
    const head = add(level);
    for (let i = 0; i < 100_000; i++) remove(level, add(level));
    expect(queue(level)).toEqual([head]);
    // A handful of chunks, not one per 15 orders that ever passed through.
    expect(levels.chunksInUse).toBeLessThanOrEqual(4);
    const behind = [add(level), add(level)];
    expect(queue(level)).toEqual([head, ...behind]);
  });

  it('give every chunk back when their levels empty', () => {
    const { levels, add, remove } = setUp();
    const next = seededRandom(9);
    const live = new Map<number, number>();
    const open: number[] = [];
    for (let i = 0; i < 30; i++) open.push(levels.allocate(100 + i));
    for (let i = 0; i < 5_000; i++) {
      const level = open[Math.floor(next() * open.length)] as number;
      live.set(add(level), level);
    }
    for (const [id, level] of live) remove(level, id);
    for (const level of open) {
      expect(levels.orderCount(level)).toBe(0);
      levels.release(level);
    }
    expect(levels.chunksInUse).toBe(0);
  });
});
