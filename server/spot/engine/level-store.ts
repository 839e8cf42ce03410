// Price levels as 32-byte records in one growable ArrayBuffer, addressed by slot number, and the
// FIFO queue of orders each one holds. The queue is an intrusive doubly-linked list threaded
// through the order records, so appending, taking the head and unlinking from anywhere are O(1)
// and never look at the other orders of the level. Freed level slots are reused, and the buffer
// doubles when every slot is taken.
import { NONE, type OrderStore } from './order-store.ts';

/** Record size in 8-byte words: 4 × 8 = 32 bytes, two levels per cache line. */
const WORDS = 4;
// Float64 word offsets.
const PRICE = 0;
/** Sum of the remaining quantities of the level's orders, for depth. */
const QUANTITY = 1;
// Int32 offsets: words 2..3 hold four int32.
const ORDERS = 4;
const HEAD = 5;
const TAIL = 6;
/** Next free level while on the free list. */
const NEXT_FREE = 7;
const INTS = WORDS * 2;

export class LevelStore {
  private f64: Float64Array;
  private i32: Int32Array;
  private capacity = 64;
  private used = 0;
  private free = NONE;

  constructor(private readonly orders: OrderStore) {
    const buffer = new ArrayBuffer(this.capacity * WORDS * 8);
    this.f64 = new Float64Array(buffer);
    this.i32 = new Int32Array(buffer);
  }

  /** An empty level at `price`. */
  allocate(price: number): number {
    let level = this.free;
    if (level !== NONE) {
      this.free = this.i32[level * INTS + NEXT_FREE] as number;
    } else {
      if (this.used === this.capacity) this.grow();
      level = this.used++;
    }
    this.f64[level * WORDS + PRICE] = price;
    this.f64[level * WORDS + QUANTITY] = 0;
    const int = level * INTS;
    this.i32[int + ORDERS] = 0;
    this.i32[int + HEAD] = NONE;
    this.i32[int + TAIL] = NONE;
    return level;
  }

  release(level: number): void {
    this.i32[level * INTS + NEXT_FREE] = this.free;
    this.free = level;
  }

  price(level: number): number {
    return this.f64[level * WORDS + PRICE] as number;
  }

  quantity(level: number): number {
    return this.f64[level * WORDS + QUANTITY] as number;
  }

  /** A fill took `quantity` from the level's head order. */
  reduce(level: number, quantity: number): void {
    this.f64[level * WORDS + QUANTITY] = (this.f64[level * WORDS + QUANTITY] as number) - quantity;
  }

  orderCount(level: number): number {
    return this.i32[level * INTS + ORDERS] as number;
  }

  /** The oldest order of the level, or NONE when it is empty. */
  head(level: number): number {
    return this.i32[level * INTS + HEAD] as number;
  }

  /** Puts `order` at the back of the level's queue. */
  append(level: number, order: number): void {
    const orders = this.orders;
    const int = level * INTS;
    const tail = this.i32[int + TAIL] as number;
    orders.setLevel(order, level);
    orders.setPrev(order, tail);
    orders.setNext(order, NONE);
    if (tail === NONE) this.i32[int + HEAD] = order;
    else orders.setNext(tail, order);
    this.i32[int + TAIL] = order;
    this.i32[int + ORDERS] = (this.i32[int + ORDERS] as number) + 1;
    this.f64[level * WORDS + QUANTITY] =
      (this.f64[level * WORDS + QUANTITY] as number) + orders.remaining(order);
  }

  /** Takes `order`, wherever it is in the queue, out of the level. */
  unlink(level: number, order: number): void {
    const orders = this.orders;
    const int = level * INTS;
    const prev = orders.prev(order);
    const next = orders.next(order);
    if (prev === NONE) this.i32[int + HEAD] = next;
    else orders.setNext(prev, next);
    if (next === NONE) this.i32[int + TAIL] = prev;
    else orders.setPrev(next, prev);
    this.i32[int + ORDERS] = (this.i32[int + ORDERS] as number) - 1;
    this.f64[level * WORDS + QUANTITY] =
      (this.f64[level * WORDS + QUANTITY] as number) - orders.remaining(order);
  }

  private grow(): void {
    this.capacity *= 2;
    const buffer = new ArrayBuffer(this.capacity * WORDS * 8);
    // A byte copy: the int32 links must not pass through float64 values.
    new Uint8Array(buffer).set(new Uint8Array(this.f64.buffer));
    this.f64 = new Float64Array(buffer);
    this.i32 = new Int32Array(buffer);
  }
}
