// Resting orders and their ids in one table: each order's record lives at its id's home slot
// (`id & mask`), so a cancel or a duplicate check reads the record straight from the id, with no
// index entry in between. In a deep book that entry was a cache miss of its own before the miss
// on the record; ids come from the server's sequence, so consecutive new orders also fill
// consecutive records. An order whose home is taken by another resting order (ids a table's
// length apart) gets a record in an overflow area after the home slots, found through a hash
// table. While more than 1/SPILL_RATIO of the orders spill, the home area doubles (up to
// MAX_HOMES_PER_ORDER per resting order, so random or strided ids cost memory in proportion to
// the book and fall back to hashing): every record moves to its new slot, and the level queues'
// entries are rewritten through the listener. The server starts a book at 1,024 orders, so a
// book that grows deep goes through a few of these moves, each O(orders), early in its life.
//
// A record is 32 bytes, two to a cache line: a Float64Array (id, user, remaining: safe integers,
// stored exactly) and an Int32Array over the same bytes (where the order's entry is in its level's
// queue, and its level and side). A free record has id 0.
import type { Side } from './events.ts';
import { IdHashTable } from './id-hash-table.ts';
import { NONE } from './slot.ts';
import { wordAt } from './word-at.ts';

/** Record size in 8-byte words: 4 × 8 = 32 bytes. */
const WORDS = 4;
// Float64 word offsets.
const ID = 0;
const USER = 1;
const REMAINING = 2;
// Int32 offsets: word 3 holds two int32.
/** Position of the order's entry in its level's queue (see level-store.ts). */
const ENTRY = 6;
/** level << 1 | side (0 buy, 1 sell); the next free overflow record while on the free list. */
const PLACE = 7;
const INTS = WORDS * 2;

/** The home area grows no larger than this many records per resting order. */
const MAX_HOMES_PER_ORDER = 8;
/** The home area grows when more than 1/SPILL_RATIO of the resting orders spill. */
const SPILL_RATIO = 8;
const MIN_HOMES = 16;
const MIN_OVERFLOW = 16;

/** Called with old slot → new slot (NONE for no record) after records moved. */
export type RelocateListener = (moved: Int32Array) => void;

export class OrderTable {
  private f64: Float64Array;
  private i32: Int32Array;
  /** Slots below `homes` are home slots; the overflow area follows. */
  private homes: number;
  private mask: number;
  private overflowCapacity = MIN_OVERFLOW;
  /** Overflow slots below `homes + overflowUsed` have been handed out at least once. */
  private overflowUsed = 0;
  private overflowFree = NONE;
  /** Id → slot for the orders in the overflow area. */
  private spilled: IdHashTable;
  private count = 0;
  private listener: RelocateListener = () => {};

  constructor(expected: number) {
    let homes = MIN_HOMES;
    while (homes < 2 * expected) homes *= 2;
    this.homes = homes;
    this.mask = homes - 1;
    this.f64 = new Float64Array(0);
    this.i32 = new Int32Array(0);
    this.setBuffer(allocateRecords(homes + this.overflowCapacity));
    this.spilled = new IdHashTable(0, this);
  }

  /** How many orders rest. */
  get size(): number {
    return this.count;
  }

  /** How many resting orders live in the overflow area rather than at their home. */
  get spilledCount(): number {
    return this.spilled.size;
  }

  /** Number of home slots. */
  get homeSlots(): number {
    return this.homes;
  }

  onRelocate(listener: RelocateListener): void {
    this.listener = listener;
  }

  /** The slot of resting order `id`, or NONE; any number is accepted. */
  find(id: number): number {
    const home = id & this.mask;
    const stored = wordAt(this.f64, home * WORDS + ID);
    if (stored === id && stored !== 0) return home;
    return this.spilled.size === 0 ? NONE : this.spilled.find(id);
  }

  /**
   * A record for a new order (`id` a positive safe integer not resting), not yet linked into a
   * level. May move the records of other orders (see onRelocate).
   */
  add(id: number, userId: number, side: Side, remaining: number): number {
    let slot = id & this.mask;
    if (this.f64[slot * WORDS + ID] !== 0) {
      if ((this.spilled.size + 1) * SPILL_RATIO > this.count + 1 && this.homes < this.bound()) {
        this.growHomes();
        slot = id & this.mask;
      }
      if (this.f64[slot * WORDS + ID] !== 0) {
        slot = this.allocateOverflow();
        this.spilled.insert(id, slot);
      }
    }
    const word = slot * WORDS;
    this.f64[word + ID] = id;
    this.f64[word + USER] = userId;
    this.f64[word + REMAINING] = remaining;
    const int = slot * INTS;
    this.i32[int + ENTRY] = NONE;
    this.i32[int + PLACE] = side === 'buy' ? 0 : 1;
    this.count++;
    return slot;
  }

  /** Frees the record of an order that no longer rests (already unlinked from its level). */
  release(slot: number): void {
    if (slot >= this.homes) {
      this.spilled.remove(wordAt(this.f64, slot * WORDS + ID));
      this.i32[slot * INTS + PLACE] = this.overflowFree;
      this.overflowFree = slot;
    }
    this.f64[slot * WORDS + ID] = 0;
    this.count--;
  }

  id(slot: number): number {
    return wordAt(this.f64, slot * WORDS + ID);
  }

  userId(slot: number): number {
    return wordAt(this.f64, slot * WORDS + USER);
  }

  remaining(slot: number): number {
    return wordAt(this.f64, slot * WORDS + REMAINING);
  }

  setRemaining(slot: number, remaining: number): void {
    this.f64[slot * WORDS + REMAINING] = remaining;
  }

  side(slot: number): Side {
    return (wordAt(this.i32, slot * INTS + PLACE) & 1) === 0 ? 'buy' : 'sell';
  }

  /** The level slot the order rests at. */
  level(slot: number): number {
    return wordAt(this.i32, slot * INTS + PLACE) >> 1;
  }

  setLevel(slot: number, level: number): void {
    const int = slot * INTS + PLACE;
    this.i32[int] = (level << 1) | (wordAt(this.i32, int) & 1);
  }

  /** Position of the order's entry in its level's queue. */
  entry(slot: number): number {
    return wordAt(this.i32, slot * INTS + ENTRY);
  }

  setEntry(slot: number, entry: number): void {
    this.i32[slot * INTS + ENTRY] = entry;
  }

  private bound(): number {
    return Math.max(MIN_HOMES, this.count + 1) * MAX_HOMES_PER_ORDER;
  }

  private allocateOverflow(): number {
    const slot = this.overflowFree;
    if (slot !== NONE) {
      this.overflowFree = wordAt(this.i32, slot * INTS + PLACE);
      return slot;
    }
    if (this.overflowUsed === this.overflowCapacity) {
      // Home slot numbers stay as they are: the overflow area only gets longer.
      this.overflowCapacity *= 2;
      const records = allocateRecords(this.homes + this.overflowCapacity);
      records.set(this.i32);
      this.setBuffer(records);
    }
    return this.homes + this.overflowUsed++;
  }

  /**
   * Doubles the home area. Each record moves to its id's new home, or to the overflow area when
   * that is taken; the listener then rewrites the queue entries through the old → new slot map.
   */
  private growHomes(): void {
    const oldF64 = this.f64;
    const oldI32 = this.i32;
    const oldHomes = this.homes;
    const oldSpilled = this.spilled;
    const moved = new Int32Array(oldHomes + this.overflowCapacity).fill(NONE);
    this.homes = oldHomes * 2;
    this.mask = this.homes - 1;
    this.overflowUsed = 0;
    this.overflowFree = NONE;
    this.setBuffer(allocateRecords(this.homes + this.overflowCapacity));
    this.spilled = new IdHashTable(0, this);
    // Two ids with different homes under the old mask differ in those bits under the new one, so
    // the old home records never collide.
    for (let slot = 0; slot < oldHomes; slot++) {
      const id = wordAt(oldF64, slot * WORDS + ID);
      if (id !== 0) moved[slot] = this.place(oldI32, slot, id & this.mask);
    }
    oldSpilled.forEachSlot((slot) => {
      const id = wordAt(oldF64, slot * WORDS + ID);
      const home = id & this.mask;
      if (this.f64[home * WORDS + ID] === 0) {
        moved[slot] = this.place(oldI32, slot, home);
      } else {
        const to = this.homes + this.overflowUsed++;
        moved[slot] = this.place(oldI32, slot, to);
        this.spilled.insert(id, to);
      }
    });
    this.listener(moved);
  }

  /** Copies record `from` of `source` to slot `to`; answers `to`. */
  private place(source: Int32Array, from: number, to: number): number {
    this.i32.set(source.subarray(from * INTS, from * INTS + INTS), to * INTS);
    return to;
  }

  private setBuffer(records: Int32Array): void {
    this.i32 = records;
    this.f64 = new Float64Array(records.buffer);
  }
}

/**
 * Free records (id 0) for `count` slots, every page written once here. New orders take fresh home
 * slots in id order, so without this each command would be the first to touch its record's page
 * for the whole first sweep through the table: the profile of the small-book scenario put a
 * quarter of its time on that first write (a page fault) until the pages were touched up front.
 */
function allocateRecords(count: number): Int32Array {
  const records = new Int32Array(count * INTS);
  records.fill(0);
  return records;
}
