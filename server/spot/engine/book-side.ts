// The price levels of one side of a book. Only levels that hold orders exist. A Map finds a
// level by price in O(1); an array keeps the levels sorted with the best one at the end, so the
// best level is read in O(1) and dropped with pop() in O(1) when a sweep empties it. A new level
// is placed by binary search, and the array shifts only the levels between it and the best
// price: orders arrive near the top of the book, so that shift is short however deep the book.
import type { LevelPool, PriceLevel } from './order-pool.ts';

export class BookSide {
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Worst to best: ascending prices for bids, descending for asks. */
  private readonly sorted: PriceLevel[] = [];

  constructor(
    private readonly isBid: boolean,
    private readonly pool: LevelPool,
  ) {}

  get levelCount(): number {
    return this.sorted.length;
  }

  best(): PriceLevel | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  /** The level at `price`, created (in its sorted place) when there is none. */
  levelAt(price: number): PriceLevel {
    const existing = this.byPrice.get(price);
    if (existing !== undefined) return existing;
    const level = this.pool.acquire(price);
    this.byPrice.set(price, level);
    const sorted = this.sorted;
    const last = sorted[sorted.length - 1];
    if (last === undefined || this.isBetter(price, last.price)) {
      sorted.push(level);
    } else {
      sorted.splice(this.insertionIndex(price), 0, level);
    }
    return level;
  }

  /** Removes an empty level. */
  remove(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const sorted = this.sorted;
    if (sorted[sorted.length - 1] === level) sorted.pop();
    else sorted.splice(this.indexOf(level.price), 1);
    this.pool.release(level);
  }

  /** Levels from best to worst, at most `limit` of them. */
  *levels(limit = Number.POSITIVE_INFINITY): Generator<PriceLevel> {
    const sorted = this.sorted;
    for (let i = sorted.length - 1, n = 0; i >= 0 && n < limit; i--, n++) {
      yield sorted[i] as PriceLevel;
    }
  }

  private isBetter(a: number, b: number): boolean {
    return this.isBid ? a > b : a < b;
  }

  /** First index whose level is better than `price` (the array is worst → best). */
  private insertionIndex(price: number): number {
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.isBetter((sorted[mid] as PriceLevel).price, price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private indexOf(price: number): number {
    // Levels better than `price` come after it, so the level itself is just before that index.
    return this.insertionIndex(price) - 1;
  }
}
