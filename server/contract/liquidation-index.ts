// Which positions a mark price has reached: positions ordered by liquidation price, longs from the
// highest down and shorts from the lowest up, so a mark tick looks only at the positions it
// reached (and one more) instead of every open position. A B+ tree (`sorted-btree`, a maintained
// TypeScript implementation with ordered iteration from either end) keeps each side sorted with
// O(log n) updates.
import sortedBtree from 'sorted-btree';
import type { Direction } from '../../core/contract/margin.ts';

// CommonJS with `exports.default`: Node's loader hands ESM the exports object, a bundler the class.
const BTree = (sortedBtree as unknown as { default?: typeof sortedBtree }).default ?? sortedBtree;

interface Key {
  price: bigint;
  positionId: number;
}

const byPriceThenId = (a: Key, b: Key) =>
  a.price < b.price ? -1 : a.price > b.price ? 1 : a.positionId - b.positionId;

export class LiquidationIndex {
  readonly #longs = new BTree<Key, true>(undefined, byPriceThenId);
  readonly #shorts = new BTree<Key, true>(undefined, byPriceThenId);
  readonly #keys = new Map<number, { direction: Direction; key: Key }>();

  get size(): number {
    return this.#keys.size;
  }

  /** Files a position under its liquidation price; null (none) takes it out. */
  set(positionId: number, direction: Direction, price: bigint | null): void {
    this.delete(positionId);
    if (price === null) return;
    const key = { price, positionId };
    (direction === 'long' ? this.#longs : this.#shorts).set(key, true);
    this.#keys.set(positionId, { direction, key });
  }

  delete(positionId: number): void {
    const filed = this.#keys.get(positionId);
    if (!filed) return;
    (filed.direction === 'long' ? this.#longs : this.#shorts).delete(filed.key);
    this.#keys.delete(positionId);
  }

  /**
   * The positions `mark` has reached: longs whose liquidation price is at or above it, shorts at or
   * below. They stay filed until set again or deleted, so a liquidation that could not run yet is
   * found again on the next tick.
   */
  reached(mark: bigint): number[] {
    const ids: number[] = [];
    for (const [key] of this.#longs.entriesReversed()) {
      if (key.price < mark) break;
      ids.push(key.positionId);
    }
    for (const [key] of this.#shorts.entries()) {
      if (key.price > mark) break;
      ids.push(key.positionId);
    }
    return ids;
  }
}
