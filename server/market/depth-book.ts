// One market's order book as the socket publishes it: the live levels a feed (or, later, the
// matching engine) maintains, and the published book that clients hold. Changes collect between
// publications; publishing folds them into the published book as one diff and bumps the version,
// so a snapshot and the diffs after it always line up.

export type Side = 'bids' | 'asks';

/** A level as integers: price in ticks, quantity in lots (0 = removed). */
export type UnitLevel = readonly [price: number, quantity: number];

export interface BookDiff {
  prev: number;
  version: number;
  bids: UnitLevel[];
  asks: UnitLevel[];
}

export class DepthBook {
  #version = 0;
  readonly #live = { bids: new Map<number, number>(), asks: new Map<number, number>() };
  readonly #published = { bids: new Map<number, number>(), asks: new Map<number, number>() };
  readonly #pending = { bids: new Map<number, number>(), asks: new Map<number, number>() };
  /** Whether the market has a book at all (feeds without one never call `apply`). */
  #exists = false;

  get version(): number {
    return this.#version;
  }

  get exists(): boolean {
    return this.#exists;
  }

  /** Applies a feed's levels: `snapshot` replaces a side's levels, `update` changes those named. */
  apply(kind: 'snapshot' | 'update', bids: readonly UnitLevel[], asks: readonly UnitLevel[]): void {
    this.#exists = true;
    this.#applySide('bids', kind, bids);
    this.#applySide('asks', kind, asks);
  }

  /** Folds the collected changes into the published book; null when nothing changed. */
  publish(): BookDiff | null {
    const bids = this.#flush('bids');
    const asks = this.#flush('asks');
    if (bids.length === 0 && asks.length === 0) return null;
    const prev = this.#version;
    this.#version += 1;
    return { prev, version: this.#version, bids, asks };
  }

  /** The published book's best `limit` levels per side: bids high to low, asks low to high. */
  snapshot(limit: number): { version: number; bids: UnitLevel[]; asks: UnitLevel[] } {
    return {
      version: this.#version,
      bids: best(this.#published.bids, limit, (a, b) => b - a),
      asks: best(this.#published.asks, limit, (a, b) => a - b),
    };
  }

  /** The published book's best bid and ask (one pass over each side, no sort): the book ticker. */
  top(): { version: number; bid: UnitLevel | undefined; ask: UnitLevel | undefined } {
    return {
      version: this.#version,
      bid: first(this.#published.bids, (a, b) => a > b),
      ask: first(this.#published.asks, (a, b) => a < b),
    };
  }

  #applySide(side: Side, kind: 'snapshot' | 'update', levels: readonly UnitLevel[]): void {
    const live = this.#live[side];
    const pending = this.#pending[side];
    if (kind === 'snapshot') {
      const next = new Set(levels.map(([price]) => price));
      for (const price of live.keys()) {
        if (!next.has(price)) {
          live.delete(price);
          pending.set(price, 0);
        }
      }
    }
    for (const [price, quantity] of levels) {
      if (quantity === 0) {
        if (live.delete(price)) pending.set(price, 0);
      } else if (live.get(price) !== quantity) {
        live.set(price, quantity);
        pending.set(price, quantity);
      }
    }
  }

  #flush(side: Side): UnitLevel[] {
    const pending = this.#pending[side];
    const published = this.#published[side];
    const changed: UnitLevel[] = [];
    for (const [price, quantity] of pending) {
      const before = published.get(price) ?? 0;
      if (before === quantity) continue;
      if (quantity === 0) published.delete(price);
      else published.set(price, quantity);
      changed.push([price, quantity]);
    }
    pending.clear();
    return changed;
  }
}

function best(
  levels: ReadonlyMap<number, number>,
  limit: number,
  order: (a: number, b: number) => number,
): UnitLevel[] {
  return [...levels]
    .sort(([a], [b]) => order(a, b))
    .slice(0, limit)
    .map(([price, quantity]) => [price, quantity] as const);
}

function first(
  levels: ReadonlyMap<number, number>,
  better: (a: number, b: number) => boolean,
): UnitLevel | undefined {
  let found: UnitLevel | undefined;
  for (const [price, quantity] of levels) {
    if (found === undefined || better(price, found[0])) found = [price, quantity];
  }
  return found;
}
