// The spot engine's order id → slot table against a Map: cancels and duplicate checks rely on it
// finding every resting order and nothing else, through growth and many removals.
import { describe, expect, it } from 'vitest';
import { OrderIndex } from '../../server/spot/engine/order-index.ts';
import { NONE, OrderStore } from '../../server/spot/engine/order-store.ts';
import { seededRandom } from '../support/seeded-random.ts';

function play(ids: (next: () => number, step: number) => number, steps: number, seed: number) {
  const next = seededRandom(seed);
  const store = new OrderStore(0);
  const index = new OrderIndex(0, store);
  const model = new Map<number, number>();
  for (let step = 0; step < steps; step++) {
    const live = [...model.keys()];
    if (live.length > 0 && next() < 0.4) {
      const id = live[Math.floor(next() * live.length)] as number;
      index.remove(id, model.get(id) as number);
      store.release(model.get(id) as number);
      model.delete(id);
    } else {
      const id = ids(next, step);
      if (index.find(id) === NONE) {
        const slot = store.allocate(id, 1, 'buy', 1);
        index.insert(id, slot);
        model.set(id, slot);
      }
    }
    expect(index.size).toBe(model.size);
    if (step % 499 === 0) {
      for (const [id, slot] of model) expect(index.find(id)).toBe(slot);
    }
    const probe = ids(next, step);
    expect(index.find(probe)).toBe(model.get(probe) ?? NONE);
  }
  for (const [id, slot] of model) expect(index.find(id)).toBe(slot);
}

describe('spot engine order index', () => {
  it('agrees with a Map for sequential ids, through growth and removals', () => {
    let id = 0;
    play(() => ++id, 20_000, 1);
  });

  it('agrees with a Map for random ids up to 2^53', () => {
    play((next) => 1 + Math.floor(next() * Number.MAX_SAFE_INTEGER), 5_000, 2);
  });

  it('tells apart ids that share their low 32 bits', () => {
    // Same low half, different high half: only the full comparison separates them.
    play((next) => 12_345 + Math.floor(next() * 2 ** 20) * 2 ** 32, 5_000, 3);
  });

  it('finds nothing for values that are not ids', () => {
    const store = new OrderStore(0);
    const index = new OrderIndex(0, store);
    index.insert(1, store.allocate(1, 1, 'buy', 1));
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(index.find(id)).toBe(NONE);
    }
    expect(index.find(1)).toBe(0);
  });
});
