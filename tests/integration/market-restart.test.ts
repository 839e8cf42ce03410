// Candles survive a restart: a server process stopped with SIGTERM and started again on the same
// data answers the same history, and the simulated feed fills the minutes it was down, so the
// chart has no hole.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CandleRow, KlinePeriod } from '../../schemas/api/market.schema.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { startServerProcess } from '../support/server-process.ts';

/**
 * How long the server seems to have been down. Waiting for real minutes to pass would make the
 * test slow, so the second process starts with its clock moved forward by this much: a module
 * loaded before the server moves `Date.now`, which is all the market's scheduler reads.
 */
const downMs = 3 * 60_000;
const shiftClock = encodeURIComponent(
  'const shift=Number(process.env.TEST_CLOCK_SHIFT_MS);const now=Date.now.bind(Date);Date.now=()=>now()+shift;',
);
const laterClock = {
  NODE_OPTIONS: `--import=data:text/javascript,${shiftClock}`,
  TEST_CLOCK_SHIFT_MS: String(downMs),
};

const database = await createTestDatabase();
afterAll(async () => {
  await database?.drop();
});

const databases = [
  { name: 'pglite', env: {} as Record<string, string> },
  ...(database ? [{ name: 'postgres', env: { DATABASE_URL: database.url } }] : []),
];

async function candles(
  api: ApiClient,
  period: KlinePeriod,
  query: Record<string, string> = {},
): Promise<CandleRow[]> {
  const answer = await api.get<{ candles: CandleRow[] }>('/market/kline', {
    symbol: 'BTCUSDT',
    period,
    limit: '1000',
    ...query,
  });
  expectOk(answer);
  return answer.body.data.candles;
}

describe.concurrent.each(databases)('candles on $name', ({ env }) => {
  it('are the same after a restart, and continue without a gap', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-candles-'));
    const settings = { MARKET_HISTORY_DAYS: '1', ...env };
    try {
      const first = await startServerProcess(settings, { dataDir });
      const api = new ApiClient(first.url);
      const minutes = await candles(api, '1m');
      const hours = await candles(api, '1h', { limit: '24' });
      expect(minutes).toHaveLength(1000);
      expect(await first.stop()).toBe(0);

      const second = await startServerProcess({ ...settings, ...laterClock }, { dataDir });
      try {
        const again = new ApiClient(second.url);
        // Every candle closed before the stop is answered exactly as before.
        const open = minutes.at(-1) as CandleRow;
        const closed = minutes.slice(0, -1);
        expect(
          await candles(again, '1m', { before: String(open[0]), limit: String(closed.length) }),
        ).toEqual(closed);
        const hourOpen = hours.at(-1) as CandleRow;
        expect(await candles(again, '1h', { before: String(hourOpen[0]), limit: '23' })).toEqual(
          hours.slice(0, -1),
        );

        // The minute open at the stop kept what it had, and the minutes after it were filled.
        const after = await candles(again, '1m');
        const kept = after.find((row) => row[0] === open[0]);
        expect(kept?.[1]).toBe(open[1]);
        expect(Number(kept?.[5])).toBeGreaterThanOrEqual(Number(open[5]));
        // The server came back at least `downMs` later: the minutes between are all there, drawn
        // by the simulated feed rather than flat fillers (a filler minute has no volume).
        const down = after.filter((row) => row[0] > open[0] && row[0] < open[0] + downMs);
        expect(down.map((row) => row[0])).toEqual([open[0] + 60_000, open[0] + 120_000]);
        for (const row of down) expect(/[1-9]/.test(row[5]), `volume at ${row[0]}`).toBe(true);
        const times = after.map((row) => row[0]);
        expect(times.slice(1).map((t, i) => t - (times[i] as number))).toEqual(
          times.slice(1).map(() => 60_000),
        );
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
