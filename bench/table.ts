// Timing helpers and a Markdown table, shared by the benchmarks.

export interface Measurement {
  name: string;
  opsPerSecond: number;
  p50Us: number;
  p99Us: number;
}

/** Runs `op` `count` times after a warm-up and reports throughput and latency percentiles. */
export async function measure(
  name: string,
  count: number,
  op: () => Promise<unknown>,
): Promise<Measurement> {
  for (let i = 0; i < Math.min(500, count); i++) await op();
  const latencies = new Float64Array(count);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    await op();
    latencies[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort();
  const at = (q: number) => latencies[Math.min(count - 1, Math.floor(q * count))] ?? 0;
  return { name, opsPerSecond: count / totalSeconds, p50Us: at(0.5), p99Us: at(0.99) };
}

export function printTable(rows: Measurement[], baseline: Measurement): void {
  const lines = [
    '| case | ops/s | p50 µs | p99 µs | vs baseline |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.opsPerSecond.toFixed(0)} | ${row.p50Us.toFixed(1)} | ${row.p99Us.toFixed(1)} | ${(row.opsPerSecond / baseline.opsPerSecond).toFixed(2)}× |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
