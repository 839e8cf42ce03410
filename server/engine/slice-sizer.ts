// How many items the next slice of a long round takes (a pre-sale's distribution, a day's AI
// rewards), so that no slice holds its writer much past a time budget whatever the database and
// the machine: each slice's time is measured and the next one sized from it, within bounds. Orders
// queued behind the writer then wait at most about one slice, not the whole round.
//
// A slice's time is a fixed part (the transaction, its round trips: tens of ms on the embedded
// database) and a part per item. Sizing by the rate alone (items × budget ÷ time) would shrink the
// slices to nothing whenever the fixed part alone is near the budget; so a slow slice shrinks the
// next in proportion, and a fast one grows it by a quarter at most. The size settles where a slice
// takes the budget, and no slice after a fast one takes more than a quarter over it.

export interface SliceBudget {
  /** The time a slice aims at, ms. */
  targetMs: number;
  /** The fewest items a slice takes: progress even when one item alone is slow. */
  min: number;
  /** The most: a slice never grows past it however fast items go. */
  max: number;
  /** The first slice's size, before any time is known: small, since it is not yet measured. */
  first: number;
}

/** How much a fast slice lets the next one grow. */
export const growth = 1.25;

/** 40 ms: a slice after a fast one stays within the 50 ms a round may hold a writer. */
export const roundSlice: SliceBudget = { targetMs: 40, min: 16, max: 20_000, first: 16 };

export class SliceSizer {
  #size: number;

  constructor(private readonly budget: SliceBudget = roundSlice) {
    this.#size = clamp(budget.first, budget);
  }

  /** The next slice's size. */
  get size(): number {
    return this.#size;
  }

  /** Tells how long a slice of `items` took, ms. */
  record(items: number, ms: number): void {
    if (items <= 0) return;
    const next =
      ms > this.budget.targetMs
        ? Math.floor((items * this.budget.targetMs) / ms)
        : Math.max(items + 1, Math.floor(items * growth));
    this.#size = clamp(next, this.budget);
  }
}

function clamp(size: number, budget: SliceBudget): number {
  return Math.max(budget.min, Math.min(budget.max, size));
}
