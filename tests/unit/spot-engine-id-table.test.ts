// The two halves of the spot engine's order id index: the direct table that holds nearly dense
// ids without hashing, the hash table that takes the ids whose direct entry is taken, and the
// growth that moves spilled ids back. Each is checked against a Map; the engine relies on a find
// answering exactly the resting orders, whatever the ids look like.
import { describe, expect, it } from 'vitest';
import { IdHashTable } from '../../server/spot/engine/id-hash-table.ts';
import { OrderIndex } from '../../server/spot/engine/order-index.ts';
import { NONE, OrderStore } from '../../server/spot/engine/order-store.ts';

function setUp(expected: number) {
  const store = new OrderStore(0);
  const index = new OrderIndex(expected, store);
  const model = new Map<number, number>();
  const add = (id: number) => {
    const slot = store.allocate(id, 1, 'buy', 1);
    index.insert(id, slot);
    model.set(id, slot);
  };
  const drop = (id: number) => {
    const slot = model.get(id) as number;
    index.remove(id, slot);
    store.release(slot);
    model.delete(id);
  };
  const check = () => {
    expect(index.size).toBe(model.size);
    for (const [id, slot] of model) expect(index.find(id)).toBe(slot);
  };
  return { index, model, add, drop, check };
}

describe('spot engine order index, direct table', () => {
  it('keeps a sliding window of sequential ids out of the hash table', () => {
    // 1,000 orders resting at once, the oldest cancelled as each new one arrives.
    const { index, add, drop, check } = setUp(1_000);
    for (let id = 1; id <= 50_000; id++) {
      add(id);
      if (id > 1_000) drop(id - 1_000);
    }
    check();
    expect(index.spilledCount).toBe(0);
    expect(index.find(49_000)).toBe(NONE);
  });

  it('finds ids that share a direct entry, whichever of them leaves first', () => {
    // 16 entries to start with: 5, 21, 37 and 53 all want entry 5.
    const { index, add, drop, check } = setUp(0);
    for (const id of [5, 21, 37, 53]) add(id);
    check();
    drop(5);
    check();
    expect(index.find(5)).toBe(NONE);
    drop(37);
    add(5);
    check();
    for (const id of [21, 53, 5]) drop(id);
    check();
    expect(index.size).toBe(0);
  });

  it('grows when many ids spill, and moves them back into the direct table', () => {
    const { index, add, check } = setUp(0);
    // Strided ids (a sequence shared by 7 markets): they collide in a small table.
    for (let i = 1; i <= 4_000; i++) add(i * 7);
    check();
    expect(index.spilledCount).toBe(0);
  });

  it('stays correct when growth cannot help: random ids over the whole safe range', () => {
    const { index, add, drop, check, model } = setUp(0);
    let seed = 7;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 20_000; i++) {
      if (model.size > 0 && next() < 0.3) drop(model.keys().next().value as number);
      else {
        const id = 1 + Math.floor(next() * Number.MAX_SAFE_INTEGER);
        if (!model.has(id)) add(id);
      }
    }
    check();
    // Memory stays bounded by the book: the direct table does not chase the id range.
    expect(index.spilledCount).toBeGreaterThan(0);
  });
});

describe('spot engine id hash table', () => {
  it('visits the slot of every entry once', () => {
    const store = new OrderStore(0);
    const table = new IdHashTable(0, store);
    const slots = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const id = 1 + i * 2 ** 33;
      const slot = store.allocate(id, 1, 'sell', 1);
      table.insert(id, slot);
      slots.add(slot);
    }
    table.remove(1);
    slots.delete(0);
    const seen: number[] = [];
    table.forEachSlot((slot) => seen.push(slot));
    expect(seen.sort((a, b) => a - b)).toEqual([...slots].sort((a, b) => a - b));
  });
});
