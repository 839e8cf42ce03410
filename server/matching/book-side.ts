// The price levels of one side of a book: a price ladder finds a level by price and the next
// one in priority order, and the best level is kept at hand, so matching reads it in O(1) and
// only looks it up again when a sweep or a cancel empties it. Only levels that hold orders exist.
import type { LevelStore } from './level-store.ts';
import { PriceLadder } from './price-ladder.ts';
import { NONE } from './slot.ts';

export class BookSide {
  private readonly ladder: PriceLadder;
  /** The level with the best price, or NONE when the side is empty. */
  best = NONE;

  constructor(
    private readonly isBid: boolean,
    private readonly levels: LevelStore,
    private readonly tickSize: number,
    private readonly maxPrice: number,
  ) {
    this.ladder = new PriceLadder(Math.floor(maxPrice / tickSize));
  }

  /** The level at `price`, or NONE; any number is accepted and answers NONE when not a price. */
  find(price: number): number {
    if (!Number.isSafeInteger(price) || price <= 0 || price > this.maxPrice) return NONE;
    if (price % this.tickSize !== 0) return NONE;
    return this.ladder.get(price / this.tickSize);
  }

  /** The level at `price` (a valid price of the market), created when there is none. */
  levelAt(price: number): number {
    const tick = price / this.tickSize;
    const existing = this.ladder.get(tick);
    if (existing !== NONE) return existing;
    const level = this.levels.allocate(price);
    this.ladder.add(tick, level);
    const best = this.best;
    const bestPrice = best === NONE ? 0 : this.levels.price(best);
    if (best === NONE || (this.isBid ? price > bestPrice : price < bestPrice)) this.best = level;
    return level;
  }

  /** Removes an empty level. */
  remove(level: number): void {
    this.ladder.remove(this.levels.price(level) / this.tickSize);
    this.levels.release(level);
    if (level === this.best) this.best = this.isBid ? this.ladder.highest() : this.ladder.lowest();
  }

  /** The level after `level` in priority order (the next worse price), or NONE. */
  next(level: number): number {
    return this.ladder.neighbour(this.levels.price(level) / this.tickSize, !this.isBid);
  }
}
