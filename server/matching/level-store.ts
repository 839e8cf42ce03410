// Price levels as 32-byte records in one growable ArrayBuffer, addressed by slot number, and the
// FIFO queue of orders each one holds. A queue is a chain of chunks (queue-chunks.ts) holding
// order slots in arrival order; each order record knows the position of its entry. An order
// leaves its queue by blanking its entry (NONE), where the rest of the queue stays as it is, and
// whoever reads the head skips the blanks. In a deep book this is what a cancel costs: with a
// linked list threaded through the order records it wrote the records of both queue neighbours,
// two more cache misses on random records (stores that missed measured as costly as loads); now
// it writes one entry in the level's chunks, which are small enough to stay in cache. Likewise an
// append wrote the record of the level's last order, and now writes into the level's own chunk.
//
// A queue's dead entries are passed once by its head, so taking the head is O(1) amortized; a
// queue whose chunks are mostly dead behind a long-lived head is compacted when it needs a new
// chunk, which copies its live entries once and so is O(1) amortized per append as well.
import type { OrderTable } from './order-table.ts';
import { CHUNK, LINK, QueueChunks } from './queue-chunks.ts';
import { NONE } from './slot.ts';
import { wordAt } from './word-at.ts';

/** Record size in 8-byte words: 4 × 8 = 32 bytes, two levels per cache line. */
const WORDS = 4;
// Float64 word offsets.
const PRICE = 0;
/** Sum of the remaining quantities of the level's orders, for depth. */
const QUANTITY = 1;
// Int32 offsets: words 2..3 hold four int32.
const ORDERS = 4;
/** Position of the first entry that may be live. */
const HEAD = 5;
/** Position the next order goes to: always in the queue's last chunk. */
const TAIL = 6;
/** Chunks in the queue while the level is live; the next free level while it is free. */
const CHUNKS = 7;
const NEXT_FREE = 7;
const INTS = WORDS * 2;
/** Entries per chunk. */
const PER_CHUNK = CHUNK - 1;

export class LevelStore {
  private f64: Float64Array;
  private i32: Int32Array;
  private capacity = 64;
  private used = 0;
  private free = NONE;
  private readonly chunks: QueueChunks;

  constructor(
    private readonly orders: OrderTable,
    expectedOrders = 0,
  ) {
    const buffer = new ArrayBuffer(this.capacity * WORDS * 8);
    this.f64 = new Float64Array(buffer);
    this.i32 = new Int32Array(buffer);
    this.chunks = new QueueChunks(Math.ceil(expectedOrders / PER_CHUNK));
    orders.onRelocate((moved) => this.moveOrders(moved));
  }

  /** Queue chunks in use, for tests. */
  get chunksInUse(): number {
    return this.chunks.inUse;
  }

  /** An empty level at `price`. */
  allocate(price: number): number {
    let level = this.free;
    if (level !== NONE) {
      this.free = wordAt(this.i32, level * INTS + NEXT_FREE);
    } else {
      if (this.used === this.capacity) this.grow();
      level = this.used++;
    }
    this.f64[level * WORDS + PRICE] = price;
    this.f64[level * WORDS + QUANTITY] = 0;
    const int = level * INTS;
    const start = this.chunks.allocate();
    this.i32[int + ORDERS] = 0;
    this.i32[int + HEAD] = start;
    this.i32[int + TAIL] = start;
    this.i32[int + CHUNKS] = 1;
    return level;
  }

  /** Frees an empty level and its queue. */
  release(level: number): void {
    const int = level * INTS;
    const i32 = this.i32;
    this.chunks.releaseChain(
      wordAt(i32, int + HEAD),
      wordAt(i32, int + TAIL),
      wordAt(i32, int + CHUNKS),
    );
    i32[int + NEXT_FREE] = this.free;
    this.free = level;
  }

  price(level: number): number {
    return wordAt(this.f64, level * WORDS + PRICE);
  }

  quantity(level: number): number {
    return wordAt(this.f64, level * WORDS + QUANTITY);
  }

  /** A fill took `quantity` from the level's head order. */
  reduce(level: number, quantity: number): void {
    this.f64[level * WORDS + QUANTITY] = wordAt(this.f64, level * WORDS + QUANTITY) - quantity;
  }

  orderCount(level: number): number {
    return wordAt(this.i32, level * INTS + ORDERS);
  }

  /** The oldest order of the level; the level must hold one. Frees the chunks it passes. */
  head(level: number): number {
    const int = level * INTS;
    const entries = this.chunks.entries;
    let at = wordAt(this.i32, int + HEAD);
    for (;;) {
      if ((at & LINK) === LINK) {
        const next = wordAt(entries, at);
        this.chunks.releaseChain(at, at, 1);
        this.i32[int + CHUNKS] = wordAt(this.i32, int + CHUNKS) - 1;
        at = next;
        continue;
      }
      if (entries[at] !== NONE) break;
      at++;
    }
    this.i32[int + HEAD] = at;
    return wordAt(entries, at);
  }

  /** Puts `order` at the back of the level's queue. */
  append(level: number, order: number): void {
    const int = level * INTS;
    let at = wordAt(this.i32, int + TAIL);
    if ((at & LINK) === LINK) at = this.extend(level, at);
    this.chunks.entries[at] = order;
    const orders = this.orders;
    orders.setEntry(order, at);
    orders.setLevel(order, level);
    this.i32[int + TAIL] = at + 1;
    this.i32[int + ORDERS] = wordAt(this.i32, int + ORDERS) + 1;
    this.f64[level * WORDS + QUANTITY] =
      wordAt(this.f64, level * WORDS + QUANTITY) + orders.remaining(order);
  }

  /** Takes `order`, wherever it is in the queue, out of the level; its entry is left behind. */
  unlink(level: number, order: number): void {
    const int = level * INTS;
    this.chunks.entries[this.orders.entry(order)] = NONE;
    this.i32[int + ORDERS] = wordAt(this.i32, int + ORDERS) - 1;
    this.f64[level * WORDS + QUANTITY] =
      wordAt(this.f64, level * WORDS + QUANTITY) - this.orders.remaining(order);
  }

  /** Calls `visit` with each order of the level in time order. */
  forEachOrder(level: number, visit: (order: number) => void): void {
    const int = level * INTS;
    const entries = this.chunks.entries;
    const tail = wordAt(this.i32, int + TAIL);
    for (let at = wordAt(this.i32, int + HEAD); at !== tail; at++) {
      if ((at & LINK) === LINK) at = wordAt(entries, at) - 1;
      else if (entries[at] !== NONE) visit(wordAt(entries, at));
    }
  }

  /**
   * The queue's last chunk is full (`at` is its link): links a new chunk and answers its first
   * position. When most entries of the queue are dead, compacts it into fresh chunks instead.
   */
  private extend(level: number, at: number): number {
    const int = level * INTS;
    const chunks = wordAt(this.i32, int + CHUNKS);
    const live = wordAt(this.i32, int + ORDERS);
    if (chunks * PER_CHUNK > 2 * live + 2 * PER_CHUNK) return this.compact(level);
    const start = this.chunks.allocate();
    this.chunks.entries[at] = start;
    this.i32[int + CHUNKS] = chunks + 1;
    return start;
  }

  /** Copies the live entries of the level's queue into fresh chunks; answers the new tail. */
  private compact(level: number): number {
    const int = level * INTS;
    const orders = this.orders;
    const head = wordAt(this.i32, int + HEAD);
    const tail = wordAt(this.i32, int + TAIL);
    const oldChunks = wordAt(this.i32, int + CHUNKS);
    const first = this.chunks.allocate();
    let chunks = 1;
    let to = first;
    for (let at = head; at !== tail; at++) {
      let entries = this.chunks.entries;
      if ((at & LINK) === LINK) {
        at = wordAt(entries, at) - 1;
        continue;
      }
      const order = wordAt(entries, at);
      if (order === NONE) continue;
      if ((to & LINK) === LINK) {
        const start = this.chunks.allocate();
        entries = this.chunks.entries;
        entries[to] = start;
        to = start;
        chunks++;
      }
      entries[to] = order;
      orders.setEntry(order, to);
      to++;
    }
    this.chunks.releaseChain(head, tail, oldChunks);
    this.i32[int + HEAD] = first;
    this.i32[int + CHUNKS] = chunks;
    if ((to & LINK) === LINK) {
      const start = this.chunks.allocate();
      this.chunks.entries[to] = start;
      this.i32[int + CHUNKS] = chunks + 1;
      return start;
    }
    return to;
  }

  /** The order records moved: old slot → new slot. Points each live entry at its new slot. */
  private moveOrders(moved: Int32Array): void {
    const orders = this.orders;
    const entries = this.chunks.entries;
    for (let old = 0; old < moved.length; old++) {
      const slot = wordAt(moved, old);
      const at = slot === NONE ? NONE : orders.entry(slot);
      if (at !== NONE) entries[at] = slot;
    }
  }

  private grow(): void {
    this.capacity *= 2;
    const buffer = new ArrayBuffer(this.capacity * WORDS * 8);
    // A byte copy: the int32 fields must not pass through float64 values.
    new Uint8Array(buffer).set(new Uint8Array(this.f64.buffer));
    this.f64 = new Float64Array(buffer);
    this.i32 = new Int32Array(buffer);
  }
}
