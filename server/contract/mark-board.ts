// The latest mark price of each perpetual, as the mark recorder last computed and recorded it. A
// mark made from a stale index is kept but not fresh: liquidation and opening orders wait for a
// fresh one, reducing a position does not.
export interface Mark {
  /** Quote atoms per coin. */
  price: bigint;
  at: Date;
  fresh: boolean;
}

export class MarkBoard {
  readonly #marks = new Map<string, Mark>();

  set(symbol: string, mark: Mark): void {
    this.#marks.set(symbol, mark);
  }

  get(symbol: string): Mark | undefined {
    return this.#marks.get(symbol);
  }

  /** The mark when it is fresh, else null. */
  fresh(symbol: string): bigint | null {
    const mark = this.#marks.get(symbol);
    return mark?.fresh ? mark.price : null;
  }

  /** The latest mark, fresh or not. */
  latest(symbol: string): bigint | null {
    return this.#marks.get(symbol)?.price ?? null;
  }
}
