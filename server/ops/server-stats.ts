// `stats`: what the running server has done since it started, for an operator sizing it (and for
// the load driver, which reports statements per order).
import { z } from 'zod';
import type { DatabaseStats } from '../db/database.ts';
import { opsCall } from './ops-call.ts';

export function serverStatsCall(stats: DatabaseStats | undefined, startedAt: number) {
  return opsCall({
    path: '/ops/stats',
    input: z.object({}),
    commands: [{ words: 'stats', help: 'database statements and uptime since the server started' }],
    run: async () => ({
      database: stats?.kind ?? null,
      statements: stats?.statements ?? null,
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    }),
  });
}
