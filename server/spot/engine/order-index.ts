// Order id → order slot, for cancels and duplicate checks. Ids come from the server's sequence,
// so the ids resting at once are nearly dense: a direct table indexed by the low bits of the id
// (`id & mask`, no hashing) holds almost all of them, and an id whose entry is taken by another
// resting order goes to a hash table beside it. In a deep book this is what the id lookup costs:
// consecutive new orders read and write the same cache line of the direct table, where a hash
// scatters them over the whole table (one miss per new order), and 4-byte entries make the table
// half the size. The direct table doubles while too many ids spill over, up to a bound set by the
// number of resting orders, so ids far apart (random, or strided across markets) cost memory in
// proportion to the book and fall back to hashing, never to a wrong answer: every hit is
// confirmed against the full id on the order record.
import { IdHashTable } from './id-hash-table.ts';
import { NONE, type OrderStore } from './order-store.ts';

/** The direct table grows no larger than this many entries per resting order. */
const MAX_ENTRIES_PER_ORDER = 16;
/** It grows when more than 1/SPILL_RATIO of the resting orders spill into the hash table. */
const SPILL_RATIO = 8;
const MIN_ENTRIES = 16;

export class OrderIndex {
  /** Entry `id & mask` holds slot + 1 of a resting order with that id, or 0. */
  private direct: Int32Array;
  private mask: number;
  /** Resting orders whose direct entry was taken when they arrived. */
  private spilled: IdHashTable;
  private count = 0;

  constructor(
    expected: number,
    private readonly orders: OrderStore,
  ) {
    let entries = MIN_ENTRIES;
    while (entries < 2 * expected) entries *= 2;
    this.direct = new Int32Array(entries);
    this.mask = entries - 1;
    this.spilled = new IdHashTable(0, orders);
  }

  get size(): number {
    return this.count;
  }

  /** How many resting orders live in the hash table rather than the direct one. */
  get spilledCount(): number {
    return this.spilled.size;
  }

  /** The slot of order `id`, or NONE; any number is accepted. */
  find(id: number): number {
    const value = this.direct[id & this.mask] as number;
    if (value !== 0 && this.orders.id(value - 1) === id) return value - 1;
    return this.spilled.size === 0 ? NONE : this.spilled.find(id);
  }

  /** Adds order `id` (a safe integer) at `slot`; the id must not be in the index. */
  insert(id: number, slot: number): void {
    const at = id & this.mask;
    if (this.direct[at] === 0) {
      this.direct[at] = slot + 1;
    } else {
      this.spilled.insert(id, slot);
      if (this.spilled.size * SPILL_RATIO > this.count && this.direct.length < this.bound()) {
        this.grow();
      }
    }
    this.count++;
  }

  /** Removes order `id`, resting at `slot`. */
  remove(id: number, slot: number): void {
    const at = id & this.mask;
    if (this.direct[at] === slot + 1) this.direct[at] = 0;
    else this.spilled.remove(id);
    this.count--;
  }

  private bound(): number {
    return Math.max(MIN_ENTRIES, this.count + 1) * MAX_ENTRIES_PER_ORDER;
  }

  /** Doubles the direct table and moves in every spilled order whose new entry is free. */
  private grow(): void {
    const old = this.direct;
    const orders = this.orders;
    this.direct = new Int32Array(old.length * 2);
    this.mask = this.direct.length - 1;
    // Two ids with different entries under the old mask differ in those bits under the new one.
    for (let i = 0; i < old.length; i++) {
      const value = old[i] as number;
      if (value !== 0) this.direct[orders.id(value - 1) & this.mask] = value;
    }
    const spilled = this.spilled;
    this.spilled = new IdHashTable(0, orders);
    spilled.forEachSlot((slot) => {
      const id = orders.id(slot);
      const at = id & this.mask;
      if (this.direct[at] === 0) this.direct[at] = slot + 1;
      else this.spilled.insert(id, slot);
    });
  }
}
