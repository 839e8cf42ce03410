// The funding rounds under way, one per market at most, in the contract engine's memory. A round
// of many positions is paid a slice at a time, each slice a command of its own between the order
// batches, so no round holds the writer for long (docs/contracts.md § "Funding in slices").
//
// A round owes the positions open when it began: those of the market with an id up to its
// `ceiling` (ids only grow, so a position opened later has a higher one). Slices pay them in id
// order. A position an order is about to change before its slice comes (a fill, a liquidation, a
// change of margin or leverage) is paid first, on what it held, and its slice skips it: closing
// a position after the funding time never escapes the payment, and nobody pays on what they
// bought after it.

/** What the rounds read of a position; the engine's own (engine-state.ts) is one. */
export interface OwedPosition {
  id: number;
  symbol: string;
  userId: number;
}

/** The round as the clock asks for it. */
export interface RoundTerms {
  symbol: string;
  /** Parts per 10^8; positive: longs pay shorts. */
  rate: bigint;
  /** Quote atoms per coin. */
  mark: bigint;
  fundingTime: Date;
  /** How many premium samples the rate came from. */
  samples: number;
}

export interface RunningRound<P extends OwedPosition = OwedPosition> extends RoundTerms {
  ceiling: number;
  /** How many positions the round owed when it began. */
  total: number;
  /** Every owed position up to this id was paid before `owed` was read (0 for a new round). */
  base: number;
  /** The positions owed when the round began (or when memory was read back), by id. */
  owed: P[];
  /** How many of `owed` the slices have reached. */
  next: number;
  /** Owed positions beyond the slices' reach already paid, because an order changed them first. */
  paidAhead: Set<number>;
  paid: bigint;
  received: bigint;
  shortfall: bigint;
  finished: boolean;
}

export class FundingRounds<P extends OwedPosition = OwedPosition> {
  readonly #running = new Map<string, RunningRound<P>>();
  /** Per market, the funding time of the last round finished. */
  readonly #finished = new Map<string, number>();
  /** Per market, how many owed positions its next slice takes (its writer sizes it). */
  readonly #sliceSizes = new Map<string, number>();

  /** Sets how many owed positions the market's next slice takes. */
  sizeSlices(symbol: string, size: number): void {
    this.#sliceSizes.set(symbol, size);
  }

  sliceSize(symbol: string): number {
    return this.#sliceSizes.get(symbol) ?? 16;
  }

  running(symbol: string): RunningRound<P> | undefined {
    return this.#running.get(symbol);
  }

  all(): RunningRound<P>[] {
    return [...this.#running.values()];
  }

  /** Whether the market's round at that time has been paid to the end. */
  isFinished(symbol: string, fundingTime: Date): boolean {
    return (this.#finished.get(symbol) ?? -1) >= fundingTime.getTime();
  }

  /** Starts a round owing every open position of the market, in id order. */
  begin(terms: RoundTerms, positions: Iterable<P>): RunningRound<P> {
    const owed = marketPositions(terms.symbol, positions);
    return this.resume({
      ...terms,
      ceiling: owed.at(-1)?.id ?? 0,
      total: owed.length,
      base: 0,
      owed,
      next: 0,
      paidAhead: new Set(),
      paid: 0n,
      received: 0n,
      shortfall: 0n,
      finished: false,
    });
  }

  /** Keeps a round as it stands (begun now, or read back from the database). */
  resume(round: RunningRound<P>): RunningRound<P> {
    this.#running.set(round.symbol, round);
    return round;
  }

  /** Takes the markets' rounds (under way and last finished) from `read`, dropping this one's. */
  adopt(symbols: ReadonlySet<string>, read: FundingRounds<P>): void {
    for (const symbol of symbols) {
      this.#running.delete(symbol);
      const running = read.running(symbol);
      if (running) this.resume(running);
      const finished = read.#finished.get(symbol);
      if (finished !== undefined) this.noteFinished(symbol, finished);
    }
  }

  noteFinished(symbol: string, fundingTime: number): void {
    if (fundingTime > (this.#finished.get(symbol) ?? -1)) this.#finished.set(symbol, fundingTime);
  }

  /** The round that still owes this position its payment, if one does. */
  owing(position: P): RunningRound<P> | undefined {
    const round = this.#running.get(position.symbol);
    if (!round || position.id > round.ceiling || round.paidAhead.has(position.id)) return undefined;
    return position.id <= FundingRounds.through(round) ? undefined : round;
  }

  /** The positions the round's next slice pays: still open and not paid ahead. */
  nextSlice(round: RunningRound<P>, isOpen: (position: P) => boolean): P[] {
    return round.owed
      .slice(round.next, round.next + this.sliceSize(round.symbol))
      .filter((position) => isOpen(position) && !round.paidAhead.has(position.id));
  }

  /**
   * The owners of the positions a command for this round would pay next, read before the batch
   * runs (its cross payers pay from their wallets first): the running round's next slice, or the
   * first of a round not yet begun.
   */
  nextPayers(terms: RoundTerms, positions: Iterable<P>): number[] {
    if (this.isFinished(terms.symbol, terms.fundingTime)) return [];
    const running = this.#running.get(terms.symbol);
    const size = this.sliceSize(terms.symbol);
    const next = running
      ? running.owed.slice(running.next, running.next + size)
      : marketPositions(terms.symbol, positions).slice(0, size);
    return next.map((position) => position.userId);
  }

  /** Moves the round past its next slice; answers whether that was its last. */
  advance(round: RunningRound<P>): boolean {
    round.next = Math.min(round.owed.length, round.next + this.sliceSize(round.symbol));
    if (round.next < round.owed.length) return false;
    round.finished = true;
    this.#running.delete(round.symbol);
    this.noteFinished(round.symbol, round.fundingTime.getTime());
    return true;
  }

  /** The id every slice so far has reached: what the database keeps of `next`. */
  static through(round: RunningRound): number {
    return round.owed[round.next - 1]?.id ?? round.base;
  }
}

/** The market's positions in id order: the order a round owes them in. */
function marketPositions<P extends OwedPosition>(symbol: string, positions: Iterable<P>): P[] {
  return [...positions]
    .filter((position) => position.symbol === symbol)
    .sort((a, b) => a.id - b.id);
}
