// Two load cases compared on one server in alternating slices (A, B, A, B, …) rather than one after
// the other: whatever else loads the machine meanwhile (another process, a GC, the database's
// checkpoint) falls on both alike, so their ratio holds where two back-to-back runs would not.
import { type Measured, measured } from './measured.ts';
import type { Server } from './traders.ts';

type Request = (worker: number) => Promise<boolean>;

/** Untimed time each case runs first, so neither is measured cold. */
const warmupSeconds = 1;

export async function interleaved(
  server: Server,
  concurrency: number,
  seconds: number,
  slices: number,
  cases: readonly [Request, Request],
): Promise<[Measured, Measured]> {
  for (const request of cases) await measured(server, concurrency, warmupSeconds, request);
  const parts: [Measured[], Measured[]] = [[], []];
  for (let slice = 0; slice < slices; slice++) {
    for (const [index, request] of cases.entries()) {
      parts[index]?.push(await measured(server, concurrency, seconds / slices, request));
    }
  }
  return [merged(parts[0]), merged(parts[1])];
}

/** One case's slices as one measurement: counts and times summed, latencies pooled. */
function merged(parts: readonly Measured[]): Measured {
  const latencies = Float64Array.from(parts.flatMap((part) => [...part.result.latencies])).sort();
  const sum = (value: (part: Measured) => number) =>
    parts.reduce((total, part) => total + value(part), 0);
  return {
    result: {
      done: sum((part) => part.result.done),
      failed: sum((part) => part.result.failed),
      seconds: sum((part) => part.result.seconds),
      latencies,
    },
    statements: sum((part) => part.statements),
    loopDelayMs: Math.max(0, ...parts.map((part) => part.loopDelayMs)),
  };
}
