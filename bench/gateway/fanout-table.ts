// The fan-out benchmark's table: one row per size and hub, each compared with the per-client
// baseline of the same size, and what the columns mean.
import type { Memory, Variant, Window } from './messages.ts';

export interface Row {
  size: number;
  label: string;
  variant: Variant;
  /** Data frames and their payload bytes the clients received, per second of the window. */
  framesPerSecond: number;
  bytesPerSecond: number;
  /** Frames the ticks of the window published to the subscribers connected, per second. */
  offered: number;
  window: Window;
  idle: Memory;
  subscribed: Memory;
  /** Softirq time on the whole machine over the window, in cores; null off Linux. */
  softirq: number | null;
  /** From the first connection to every subscription in place, flood off. */
  connectSeconds: number;
  dropped: number;
  refusals: number;
  connected: number;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const ratio = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)}×`);
const cpuPerFrame = (row: Row) =>
  ((row.window.cpuUser + row.window.cpuSystem) * 1e6) / row.framesPerSecond;

export function fanoutTable(rows: readonly Row[]): string[] {
  const lines = [
    '| subscribers | fan-out | frames/s | MB/s | vs baseline | ticks/s | publish ms p50 / max | on CPU while publishing | loop lag ms p50 / p99 / max | server CPU user / sys | softirq | CPU µs / frame | vs baseline | RSS KiB/conn subscribed / flood | heap + buffers KiB/conn subscribed / flood | connect + subscribe s | dropped |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const base = rows.find((other) => other.size === row.size && other.variant === 'per-client');
    const { window: w, idle, subscribed, size } = row;
    const cells = [
      size.toLocaleString('en'),
      row.label,
      Math.round(row.framesPerSecond).toLocaleString('en'),
      (row.bytesPerSecond / 1e6).toFixed(1),
      ratio(base && row.framesPerSecond / base.framesPerSecond),
      (w.ticks / w.seconds).toFixed(2),
      `${w.publishP50Ms.toFixed(0)} / ${w.publishMaxMs.toFixed(0)}`,
      `${(w.publishCpuShare * 100).toFixed(0)} %`,
      `${w.lagP50Ms.toFixed(0)} / ${w.lagP99Ms.toFixed(0)} / ${w.lagMaxMs.toFixed(0)}`,
      `${(w.cpuUser * 100).toFixed(0)} / ${(w.cpuSystem * 100).toFixed(0)} %`,
      row.softirq === null ? '–' : `${(row.softirq * 100).toFixed(0)} %`,
      cpuPerFrame(row).toFixed(1),
      ratio(base && cpuPerFrame(row) / cpuPerFrame(base)),
      `${kib((subscribed.rss - idle.rss) / size)} / ${kib((w.rssMean - idle.rss) / size)}`,
      `${kib((subscribed.heap - idle.heap) / size)} / ${kib((w.heapMean - idle.heap) / size)}`,
      row.connectSeconds.toFixed(1),
      String(row.dropped),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    '- frames/s, MB/s: data frames and their payload bytes, counted by the clients.',
    '- ticks/s: publications the server completed (10/s when it keeps up); publish ms: wall time of one publication (every frame of a tick to every subscriber); on CPU: the server’s CPU time over that wall time (below 100 % it waited for a core).',
    '- loop lag: server event-loop delay beyond a 10 ms timer (`monitorEventLoopDelay`).',
    '- server CPU: user and kernel time over wall time (100 % = one core); over loopback the kernel share includes the receiving side of TCP. softirq: the machine’s softirq time (all cores, charged to no process; mostly that TCP delivery). CPU µs / frame: server user + kernel time over frames delivered.',
    '- connect + subscribe: all subscribers connected (64 handshakes in flight per client process) and every subscription in place, flood off.',
    '- memory per connection: server RSS, and JS heap plus Buffers, above the idle server (after GC), divided by subscribers: once subscribed (after GC, before the flood) and the mean over the window. RSS moves by some 10 MB with what the allocator kept from start-up, so at 1,000 subscribers its figure is ±10 KiB; the heap figure is the steadier one.',
  );
  for (const row of rows) {
    if (row.framesPerSecond < 0.9 * row.offered) {
      lines.push(
        `- ${row.size.toLocaleString('en')}, ${row.label}: the clients received ${Math.round((row.framesPerSecond / row.offered) * 100)} % of the frames published in the window; the rest was still on its way.`,
      );
    }
  }
  return lines;
}
