// `stats`: what the running server has done since it started, for an operator sizing it (and for
// the load driver, which reports statements per order and how long the event loop was held up).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import type { DatabaseStats } from '../db/database.ts';
import { opsCall } from './ops-call.ts';

// One per process, as the event loop is: sampled every 10 ms, a late sample is the loop held up,
// which every GET and socket frame waits behind.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

export function serverStatsCall(stats: DatabaseStats | undefined, startedAt: number) {
  loopDelay.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 10_000) / 100;
  return opsCall({
    path: '/ops/stats',
    input: z.object({}),
    commands: [
      {
        words: 'stats',
        help: 'database statements and uptime since the server started; event-loop delay since the last stats',
      },
    ],
    run: async () => {
      const delay = {
        p50_ms: ms(loopDelay.percentile(50)),
        p99_ms: ms(loopDelay.percentile(99)),
        max_ms: ms(loopDelay.max),
      };
      loopDelay.reset();
      return {
        database: stats?.kind ?? null,
        statements: stats?.statements ?? null,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        event_loop_delay: delay,
      };
    },
  });
}
