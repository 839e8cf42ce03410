// A closed loop of `concurrency` workers (each places an order, waits for its answer, places the
// next) that keeps every order's start and answer time, so phases are told apart afterwards by
// the clock: a quiet order was answered before the round began, a round order overlapped the
// round. Waiting for a number of answered orders, not a wall-clock time, ends the warm-up and the
// quiet phase; `stop` ends the loop after the orders in flight.

export interface TimedOrder {
  /** performance.now() at the call and at its answer, ms. */
  start: number;
  end: number;
  ok: boolean;
}

export class TimedLoad {
  readonly orders: TimedOrder[] = [];
  #stopped = false;
  #waiters: { count: number; resolve(): void }[] = [];
  readonly #workers: Promise<void>[];

  constructor(concurrency: number, request: (worker: number) => Promise<boolean>) {
    this.#workers = Array.from({ length: concurrency }, async (_, worker) => {
      while (!this.#stopped) {
        const start = performance.now();
        const ok = await request(worker).catch(() => false);
        this.orders.push({ start, end: performance.now(), ok });
        this.#wake();
      }
    });
  }

  /** Resolves once `count` more orders than now have been answered. */
  answered(count: number): Promise<void> {
    const target = this.orders.length + count;
    return new Promise((resolve) => {
      this.#waiters.push({ count: target, resolve });
      this.#wake();
    });
  }

  /** Starts no more orders; resolves when those in flight are answered. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#workers);
  }

  #wake(): void {
    const done = this.orders.length;
    this.#waiters = this.#waiters.filter((waiter) => {
      if (done < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }
}

export interface PhaseStats {
  orders: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  /** The longest time within the window in which no order was answered, ms. */
  longestSilenceMs: number;
}

/**
 * The orders of the window [from, to] with their latency percentiles: `inside` takes those placed
 * and answered within it (a quiet phase untouched by what follows), `overlapping` every order
 * whose [start, end] meets it (a round: an order that waited on any part of it).
 */
export function phaseStats(
  orders: readonly TimedOrder[],
  from: number,
  to: number,
  take: 'inside' | 'overlapping',
): PhaseStats {
  const within = orders.filter((order) =>
    take === 'inside'
      ? order.start >= from && order.end <= to
      : order.end >= from && order.start <= to,
  );
  const answered = within.filter((order) => order.ok);
  const latencies = Float64Array.from(answered.map((order) => order.end - order.start)).sort();
  const at = (q: number) =>
    latencies.length === 0
      ? Number.NaN
      : (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN);
  const ends = within.map((order) => order.end).filter((end) => end <= to);
  ends.sort((a, b) => a - b);
  let silence = 0;
  let last = from;
  for (const end of [...ends, to]) {
    silence = Math.max(silence, end - last);
    last = Math.max(last, end);
  }
  return {
    orders: answered.length,
    failed: within.length - answered.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    perSecond: (answered.length * 1000) / Math.max(1, to - from),
    longestSilenceMs: silence,
  };
}
