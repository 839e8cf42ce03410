// The spot engine's order table, against a Map: cancels and duplicate checks rely on `find`
// answering exactly the resting orders, whatever the ids look like, and matching relies on the
// links between records surviving when the home area grows and records move.
import { describe, expect, it } from 'vitest';
import { IdHashTable } from '../../server/matching/id-hash-table.ts';
import { OrderTable } from '../../server/matching/order-table.ts';
import { NONE } from '../../server/matching/slot.ts';
import { seededRandom } from '../support/seeded-random.ts';

function setUp(expected: number) {
  const table = new OrderTable(expected);
  /** id → user; remaining is the id's low digits, so a moved record is checked whole. */
  const model = new Map<number, number>();
  const add = (id: number, user = 1 + (id % 97)) => {
    table.add(id, user, id % 2 === 0 ? 'buy' : 'sell', id % 1_000);
    model.set(id, user);
  };
  const drop = (id: number) => {
    table.release(table.find(id));
    model.delete(id);
  };
  const check = () => {
    expect(table.size).toBe(model.size);
    for (const [id, user] of model) {
      const slot = table.find(id);
      expect(slot).not.toBe(NONE);
      expect(table.id(slot)).toBe(id);
      expect(table.userId(slot)).toBe(user);
      expect(table.remaining(slot)).toBe(id % 1_000);
      expect(table.side(slot)).toBe(id % 2 === 0 ? 'buy' : 'sell');
    }
  };
  return { table, model, add, drop, check };
}

function play(ids: (next: () => number, step: number) => number, steps: number, seed: number) {
  const next = seededRandom(seed);
  const { table, model, add, drop, check } = setUp(0);
  const live: number[] = [];
  for (let step = 0; step < steps; step++) {
    if (live.length > 0 && next() < 0.4) {
      const at = Math.floor(next() * live.length);
      drop(live[at] as number);
      live[at] = live[live.length - 1] as number;
      live.pop();
    } else {
      const id = ids(next, step);
      if (table.find(id) === NONE) {
        add(id);
        live.push(id);
      }
    }
    expect(table.size).toBe(model.size);
    if (step % 1_999 === 0) check();
    const probe = ids(next, step);
    expect(table.find(probe) === NONE).toBe(!model.has(probe));
  }
  check();
}

describe('spot engine order table', () => {
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

  it('finds nothing for values that are not resting ids, including a free record', () => {
    const { table, add } = setUp(0);
    add(1);
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, 17, 16]) {
      expect(table.find(id)).toBe(NONE);
    }
    expect(table.find(1)).toBe(1);
  });

  it('keeps a sliding window of sequential ids at home', () => {
    // 1,000 orders resting at once, the oldest cancelled as each new one arrives.
    const { table, add, drop, check } = setUp(1_000);
    for (let id = 1; id <= 50_000; id++) {
      add(id);
      if (id > 1_000) drop(id - 1_000);
    }
    check();
    expect(table.spilledCount).toBe(0);
    expect(table.find(49_000)).toBe(NONE);
  });

  it('finds ids that share a home, whichever of them leaves first', () => {
    // 16 home slots to start with: 5, 21, 37 and 53 all want slot 5.
    const { table, add, drop, check } = setUp(0);
    for (const id of [5, 21, 37, 53]) add(id);
    check();
    drop(5);
    check();
    expect(table.find(5)).toBe(NONE);
    drop(37);
    add(5);
    check();
    for (const id of [21, 53, 5]) drop(id);
    check();
    expect(table.size).toBe(0);
  });

  it('grows its home area when many ids spill, and moves them home', () => {
    const { table, add, check } = setUp(0);
    // Strided ids (a sequence shared by 7 markets): they collide in a small table.
    for (let i = 1; i <= 4_000; i++) add(i * 7);
    check();
    expect(table.spilledCount).toBe(0);
  });

  it('stays correct when growth cannot help: random ids over the whole safe range', () => {
    const { table, add, drop, check, model } = setUp(0);
    const next = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      if (model.size > 0 && next() < 0.3) drop(model.keys().next().value as number);
      else {
        const id = 1 + Math.floor(next() * Number.MAX_SAFE_INTEGER);
        if (!model.has(id)) add(id);
      }
    }
    check();
    // Memory stays bounded by the book: the home area does not chase the id range.
    expect(table.spilledCount).toBeGreaterThan(0);
    expect(table.homeSlots).toBeLessThanOrEqual(16 * model.size);
  });

  it('reports where every record moved when the home area grows', () => {
    const table = new OrderTable(0);
    // A stand-in for the level queues: entry position → slot, and each record knows its position.
    const entries: number[] = [];
    let moves = 0;
    table.onRelocate((moved) => {
      moves++;
      for (let at = 0; at < entries.length; at++)
        entries[at] = moved[entries[at] as number] as number;
    });
    const next = seededRandom(11);
    const ids: number[] = [];
    // Strided ids, some far apart: spills, then growth moves every record.
    for (let i = 1; i <= 3_000; i++) {
      const id = i * 3 + (next() < 0.1 ? 2 ** 40 : 0);
      const slot = table.add(id, 1, 'buy', 1);
      table.setEntry(slot, entries.length);
      table.setLevel(slot, i % 7);
      entries.push(slot);
      ids.push(id);
    }
    expect(moves).toBeGreaterThan(0);
    ids.forEach((id, at) => {
      const slot = table.find(id);
      expect(entries[at]).toBe(slot);
      expect(table.entry(slot)).toBe(at);
      expect(table.level(slot)).toBe((at + 1) % 7);
      expect(table.side(slot)).toBe('buy');
    });
  });
});

describe('spot engine id hash table', () => {
  it('visits the slot of every entry once', () => {
    const ids = new Map<number, number>();
    const table = new IdHashTable(0, { id: (slot) => ids.get(slot) ?? 0 });
    const slots = new Set<number>();
    for (let slot = 0; slot < 300; slot++) {
      const id = 1 + slot * 2 ** 33;
      ids.set(slot, id);
      table.insert(id, slot);
      slots.add(slot);
    }
    table.remove(1);
    slots.delete(0);
    const seen: number[] = [];
    table.forEachSlot((slot) => seen.push(slot));
    expect(seen.sort((a, b) => a - b)).toEqual([...slots].sort((a, b) => a - b));
    expect(table.find(1 + 7 * 2 ** 33)).toBe(7);
    expect(table.find(1)).toBe(NONE);
  });
});
