// How many items the next slice of a long round takes (a pre-sale's distribution, a day's AI
// rewards), so that no slice holds its writer much past a time budget whatever the database and
// the machine: each slice's time is measured and the next one is sized from the rate seen, within
// bounds. Orders queued behind the writer then wait at most about one slice, not the whole round.

export interface SliceBudget {
  /** The time a slice aims at, ms. */
  targetMs: number;
  /** The fewest items a slice takes: progress even when one item alone is slow. */
  min: number;
  /** The most: a slice never grows past it however fast items go. */
  max: number;
  /** The first slice's size, before any rate is known. */
  first: number;
}

/** Half a writer's 50 ms budget: room for a slow slice and the orders batched with it. */
export const roundSlice: SliceBudget = { targetMs: 25, min: 16, max: 20_000, first: 100 };

export class SliceSizer {
  #size: number;

  constructor(private readonly budget: SliceBudget = roundSlice) {
    this.#size = clamp(budget.first, budget);
  }

  /** The next slice's size. */
  get size(): number {
    return this.#size;
  }

  /**
   * Tells how long a slice of `items` took. A slice that took more than the budget shrinks the
   * next one at once to what the rate seen would fit; a faster one grows it at most twofold, so
   * one quick slice (a warm cache) cannot make the next too long.
   */
  record(items: number, ms: number): void {
    if (items <= 0) return;
    const fits =
      ms > 0 ? Math.floor((items * this.budget.targetMs) / ms) : Number.POSITIVE_INFINITY;
    this.#size = clamp(Math.min(fits, this.#size * 2), this.budget);
  }
}

function clamp(size: number, budget: SliceBudget): number {
  return Math.max(budget.min, Math.min(budget.max, size));
}
