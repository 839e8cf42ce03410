// Order id → order slot for the orders that order-table.ts cannot keep at their home slot: an
// open-addressed hash table with linear probing over one Int32Array of (hash, slot + 1) pairs. An
// entry is 8 bytes, so the probes of a lookup usually stay on one cache line, and the full id is
// only compared (on the order record) when the 32-bit hash matches. Removal shifts the entries
// after it back instead of leaving tombstones, so the table does not degrade over a long run; it
// doubles past MAX_LOAD.
import { NONE } from './slot.ts';
import { wordAt } from './word-at.ts';

/** Where the table confirms a hit: the id stored at a slot. */
export interface SlotIds {
  id(slot: number): number;
}

/** 2^-32, exact: multiplying by it divides a safe integer by 2^32 without rounding. */
const INV_2_32 = 2.3283064365386963e-10;
/**
 * Linear probing stays short below this load, and a smaller table stays in cache: in the deep
 * book benchmark a table at most 70% full ran faster than one at most 50% full.
 */
const MAX_LOAD = 0.7;

/**
 * 32 bits of a safe integer's two halves, mixed. Multiplying by an odd constant is a bijection,
 * so ids below 2^32 (every id of a realistic sequence) have distinct hashes.
 */
function hashOf(id: number): number {
  const low = id | 0;
  const high = (id * INV_2_32) | 0;
  return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
}

export class IdHashTable {
  /** Pairs (hash, slot + 1); slot + 1 = 0 marks an empty entry. */
  private table: Int32Array;
  private mask: number;
  /** Fibonacci hashing: the home entry is the top bits of the hash. */
  private shift: number;
  private count = 0;

  constructor(
    expected: number,
    private readonly orders: SlotIds,
  ) {
    let bits = 4;
    while (2 ** bits * MAX_LOAD < expected) bits++;
    this.table = new Int32Array(2 ** bits * 2);
    this.mask = 2 ** bits - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  /** The slot of order `id`, or NONE. */
  find(id: number): number {
    const table = this.table;
    const mask = this.mask;
    const hash = hashOf(id);
    for (let i = hash >>> this.shift; ; i = (i + 1) & mask) {
      const value = wordAt(table, 2 * i + 1);
      if (value === 0) return NONE;
      if (table[2 * i] === hash && this.orders.id(value - 1) === id) return value - 1;
    }
  }

  /** Adds order `id` at `slot`; the id must not be in the table. */
  insert(id: number, slot: number): void {
    if (this.count >= (this.mask + 1) * MAX_LOAD) this.grow();
    this.place(hashOf(id), slot + 1);
    this.count++;
  }

  /** Removes order `id`; it must be in the table. */
  remove(id: number): void {
    const table = this.table;
    const mask = this.mask;
    const shift = this.shift;
    const hash = hashOf(id);
    let hole = hash >>> shift;
    while (!(table[2 * hole] === hash && this.orders.id(wordAt(table, 2 * hole + 1) - 1) === id)) {
      hole = (hole + 1) & mask;
    }
    // Pull back each later entry of the run whose home is not between the hole and itself, so
    // every entry stays reachable from its home without a gap.
    for (let j = (hole + 1) & mask; table[2 * j + 1] !== 0; j = (j + 1) & mask) {
      const home = wordAt(table, 2 * j) >>> shift;
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        table[2 * hole] = wordAt(table, 2 * j);
        table[2 * hole + 1] = wordAt(table, 2 * j + 1);
        hole = j;
      }
    }
    table[2 * hole] = 0;
    table[2 * hole + 1] = 0;
    this.count--;
  }

  private place(hash: number, value: number): void {
    const table = this.table;
    const mask = this.mask;
    let i = hash >>> this.shift;
    while (table[2 * i + 1] !== 0) i = (i + 1) & mask;
    table[2 * i] = hash;
    table[2 * i + 1] = value;
  }

  /** Calls `visit` with the slot of every entry. */
  forEachSlot(visit: (slot: number) => void): void {
    const table = this.table;
    for (let i = 1; i < table.length; i += 2) {
      const value = wordAt(table, i);
      if (value !== 0) visit(value - 1);
    }
  }

  /** Doubles the table; entries keep their hash, so no order record is read. */
  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    this.shift -= 1;
    for (let i = 0; i < old.length; i += 2) {
      const value = wordAt(old, i + 1);
      if (value !== 0) this.place(wordAt(old, i), value);
    }
  }
}
