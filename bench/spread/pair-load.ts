// The spread-markets bench's load: closed-loop workers, each on one market and the node that owns
// it, each sending a resting short from its maker and then a long from its taker at the same price,
// which crosses a resting short (its own or another worker's in that market): every long fills.
// The load runs without a pause through a warm-up and then a window; what counts is every order
// answered inside the window, and its latency.
import { randomUUID } from 'node:crypto';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import { ApiClient } from '../../tests/support/api-client.ts';
import type { Trader } from '../orders/traders.ts';

export interface Worker {
  maker: Trader;
  taker: Trader;
  /** The node that owns the worker's market. */
  url: string;
  order: { symbol: string; price: string; quantity: string };
}

export interface PairLoad {
  /** Orders answered as expected inside the window. */
  done: number;
  /** Orders refused, failed, or answered otherwise than expected (a short not resting, a long not filled), inside the window. */
  failed: number;
  seconds: number;
  /** Milliseconds, sorted. */
  latencies: Float64Array;
  /** The first unexpected answer, to say what went wrong. */
  firstProblem: string | null;
}

/** One order through the worker's node; true when it came back with the status expected. */
async function send(
  client: ApiClient,
  trader: Trader,
  worker: Worker,
  direction: 'short' | 'long',
): Promise<string | null> {
  const answer = await client.post<ContractOrder>(
    '/contract/open',
    { ...worker.order, direction, type: 'limit', leverage: '10', margin_mode: 'cross' },
    { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
  );
  if (answer.body.code !== 200) return `${direction}: ${answer.body.code} ${answer.body.msg}`;
  const expected = direction === 'short' ? 'open' : 'filled';
  const status = answer.body.data.status;
  return status === expected ? null : `${direction} answered ${status}, not ${expected}`;
}

export async function pairLoad(
  workers: readonly Worker[],
  warmUpSeconds: number,
  windowSeconds: number,
): Promise<PairLoad> {
  const latencies: number[] = [];
  let failed = 0;
  let firstProblem: string | null = null;
  const started = performance.now();
  const windowStart = started + warmUpSeconds * 1000;
  const windowEnd = windowStart + windowSeconds * 1000;
  const record = (t0: number, problem: string | null) => {
    const t1 = performance.now();
    if (t1 < windowStart || t1 > windowEnd) return;
    if (problem === null) latencies.push(t1 - t0);
    else {
      failed++;
      firstProblem ??= problem;
    }
  };
  const run = async (worker: Worker) => {
    // Each trader its own client: its own client address, as the server limits per address.
    const [maker, taker] = [new ApiClient(worker.url), new ApiClient(worker.url)];
    while (performance.now() < windowEnd) {
      let t0 = performance.now();
      const rested = await send(maker, worker.maker, worker, 'short').catch(String);
      record(t0, rested);
      // Without a resting short of its own the worker's long might rest: it tries the pair again.
      if (rested !== null) continue;
      t0 = performance.now();
      record(t0, await send(taker, worker.taker, worker, 'long').catch(String));
    }
  };
  await Promise.all(workers.map(run));
  return {
    done: latencies.length,
    failed,
    seconds: windowSeconds,
    latencies: Float64Array.from(latencies).sort(),
    firstProblem,
  };
}

/** The latency at quantile `q` (0–1), milliseconds. */
export function latencyAt(load: PairLoad, q: number): number {
  const { latencies } = load;
  if (latencies.length === 0) return Number.NaN;
  return latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
}
