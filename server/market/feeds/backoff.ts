// Waits between retries: doubling from a first delay up to a ceiling, back to the first delay once
// a connection has stayed healthy long enough to call the trouble over.

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  /** A connection that lived this long resets the delay. */
  healthyMs: number;
}

export const upstreamBackoff: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, healthyMs: 60_000 };

export class Backoff {
  #attempt = 0;

  constructor(readonly policy: BackoffPolicy = upstreamBackoff) {}

  /** The wait before the next try; each call doubles the one after. */
  next(): number {
    const { initialMs, maxMs } = this.policy;
    const delay = Math.min(maxMs, initialMs * 2 ** Math.min(this.#attempt, 30));
    this.#attempt += 1;
    return delay;
  }

  /** A connection that lasted `upMs` before it was lost: long enough, and the count starts over. */
  lostAfter(upMs: number): number {
    if (upMs >= this.policy.healthyMs) this.reset();
    return this.next();
  }

  reset(): void {
    this.#attempt = 0;
  }
}
