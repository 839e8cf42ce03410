// Timing helpers and Markdown tables, shared by the benchmarks.

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

export interface Column {
  title: string;
  /** Numbers align right; text (the default) left. */
  align?: 'left' | 'right';
}

/** A Markdown table: the header, its alignment row, then one line of cells per row. */
export function markdownTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const lines = [
    `| ${columns.map((column) => column.title).join(' | ')} |`,
    `|${columns.map((column) => (column.align === 'right' ? '---:' : '---')).join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ];
  return lines.join('\n');
}

export function printTable(rows: Measurement[], baseline: Measurement): void {
  const right = (title: string): Column => ({ title, align: 'right' });
  const table = markdownTable(
    [{ title: 'case' }, right('ops/s'), right('p50 µs'), right('p99 µs'), right('vs baseline')],
    rows.map((row) => [
      row.name,
      row.opsPerSecond.toFixed(0),
      row.p50Us.toFixed(1),
      row.p99Us.toFixed(1),
      `${(row.opsPerSecond / baseline.opsPerSecond).toFixed(2)}×`,
    ]),
  );
  process.stdout.write(`${table}\n`);
}
