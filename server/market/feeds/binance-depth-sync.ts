// Binance's procedure for a correct local order book, for one symbol, without I/O: diffs are
// buffered until a snapshot arrives; diffs the snapshot already contains are dropped; the first
// diff applied must straddle the snapshot's lastUpdateId + 1, and each next one must start right
// after the last applied (U = previous u + 1). Anything else is a gap: the book must be fetched
// again. https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams

export interface UpdateRange {
  /** First update id in the event. */
  U: number;
  /** Last update id in the event. */
  u: number;
}

/** What to do with a diff: report it, keep it for the snapshot, ignore it, or fetch a new book. */
export type DiffVerdict = 'apply' | 'buffer' | 'stale' | 'gap';

export type SnapshotOutcome<D> =
  /** The stream has moved past the snapshot: fetch another. */
  | { result: 'too-old' }
  /** The book is live: report the snapshot, then these buffered diffs. */
  | { result: 'synced'; apply: D[] }
  /** As `synced`, but the buffer breaks off after `apply`: fetch another snapshot. */
  | { result: 'gap'; apply: D[] };

export class DepthSync<D extends UpdateRange> {
  #synced = false;
  #lastId = 0;
  #buffer: D[] = [];

  /** Diffs kept while waiting for a snapshot; beyond it the oldest go (the snapshot covers them). */
  constructor(readonly maxBuffered = 10_000) {}

  get synced(): boolean {
    return this.#synced;
  }

  /** The last update id the book reflects (0 before the first snapshot). */
  get lastUpdateId(): number {
    return this.#lastId;
  }

  offer(diff: D): DiffVerdict {
    if (!this.#synced) {
      this.#buffer.push(diff);
      if (this.#buffer.length > this.maxBuffered) this.#buffer.shift();
      return 'buffer';
    }
    const verdict = this.#verdict(diff);
    if (verdict === 'apply') this.#lastId = diff.u;
    if (verdict === 'gap') {
      this.#synced = false;
      this.#buffer = [diff];
    }
    return verdict;
  }

  accept(lastUpdateId: number): SnapshotOutcome<D> {
    const pending = this.#buffer.filter((diff) => diff.u > lastUpdateId);
    const first = pending[0];
    if (first && first.U > lastUpdateId + 1) {
      this.#buffer = pending;
      return { result: 'too-old' };
    }
    this.#synced = true;
    this.#lastId = lastUpdateId;
    this.#buffer = [];
    const apply: D[] = [];
    for (const [index, diff] of pending.entries()) {
      const verdict = this.#verdict(diff);
      if (verdict === 'gap') {
        this.#synced = false;
        this.#buffer = pending.slice(index);
        return { result: 'gap', apply };
      }
      if (verdict === 'apply') {
        apply.push(diff);
        this.#lastId = diff.u;
      }
    }
    return { result: 'synced', apply };
  }

  /** A new connection: nothing known any more. */
  reset(): void {
    this.#synced = false;
    this.#lastId = 0;
    this.#buffer = [];
  }

  #verdict(diff: D): 'apply' | 'stale' | 'gap' {
    if (diff.u <= this.#lastId) return 'stale';
    if (diff.U > this.#lastId + 1) return 'gap';
    return 'apply';
  }
}
