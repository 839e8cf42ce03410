// A closed-loop load: `concurrency` workers each send one request, wait for its answer, and send
// the next, for a fixed time. Latencies are of answered requests; a request that fails is counted
// apart and stops nothing.

export interface LoadResult {
  done: number;
  failed: number;
  seconds: number;
  /** Sorted, milliseconds. */
  latencies: Float64Array;
}

export async function closedLoop(
  concurrency: number,
  seconds: number,
  request: (worker: number, sequence: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (index: number) => {
    for (let sequence = 0; performance.now() < deadline; sequence++) {
      const t0 = performance.now();
      const ok = await request(index, sequence).catch(() => false);
      if (ok) latencies.push(performance.now() - t0);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    done: latencies.length,
    failed,
    seconds: elapsed,
    latencies: Float64Array.from(latencies).sort(),
  };
}

/** The latency at quantile `q` (0–1), in milliseconds. */
export function quantile(result: LoadResult, q: number): number {
  const { latencies } = result;
  if (latencies.length === 0) return Number.NaN;
  return latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
}
