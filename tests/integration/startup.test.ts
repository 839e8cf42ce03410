// Start-up order: the server answers calls before its slow start-up work (drawing and storing the
// simulated history) is done, stops promptly in the middle of it, and after a crash in the middle
// of it continues the stored history without a gap. Nothing here is timed: the order is read from
// the server's own log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CandleRow, KlinePeriod } from '../../schemas/api/market.schema.ts';
import { goodPassword, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { startServerProcess } from '../support/server-process.ts';

// Each test gets a database of its own: what one leaves stored must not be another's history.
const postgresAnswers = await createTestDatabase().then(async (probe) => {
  await probe?.drop();
  return probe !== undefined;
});
const databases = [{ name: 'pglite' }, ...(postgresAnswers ? [{ name: 'postgres' }] : [])];

/** Runs `test` with the settings of a fresh database of this kind, dropped afterwards. */
async function withDatabase(
  name: string,
  test: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const database = name === 'postgres' ? await createTestDatabase() : undefined;
  try {
    await test(database ? { DATABASE_URL: database.url } : {});
  } finally {
    await database?.drop();
  }
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** Every candle of a period from the oldest on, paging back from the newest. */
async function allCandles(api: ApiClient, period: KlinePeriod): Promise<CandleRow[]> {
  const pages: CandleRow[][] = [];
  let before: number | undefined;
  for (;;) {
    const query: Record<string, string> = { symbol: 'BTCUSDT', period, limit: '1000' };
    if (before !== undefined) query.before = String(before);
    const answer = await api.get<{ candles: CandleRow[] }>('/market/kline', query);
    expectOk(answer);
    const page = answer.body.data.candles;
    if (page.length === 0) break;
    pages.unshift(page);
    before = (page[0] as CandleRow)[0];
  }
  return pages.flat();
}

/** A decimal volume in whole lots of BTC (five decimals). */
function lots(volume: string): bigint {
  const [whole = '0', fraction = ''] = volume.split('.');
  return BigInt(whole) * 100_000n + BigInt(fraction.padEnd(5, '0').slice(0, 5));
}

describe.each(databases)('start-up on $name', ({ name }) => {
  it(
    'answers calls while a long history is still being drawn and stored, and stops in the middle of it',
    () =>
      withDatabase(name, async (env) => {
        // A year of eight markets: far more than can be drawn and stored before the calls below.
        const server = await startServerProcess(
          { ...env, MARKET_HISTORY_DAYS: '365' },
          { until: 'listening' },
        );
        try {
          expect(server.logged('drawing market history')).toBe(true);
          const api = new ApiClient(server.url);
          expectOk(await api.get('/index/logo'));
          const markets = await api.get<{ list: unknown[] }>('/market/exchange');
          expectOk(markets);
          const candles = await api.get('/market/kline', { symbol: 'BTCUSDT', period: '1h' });
          expectOk(candles);
          const user = await registerUser(api, server.dataDir);
          const login = await api.post('/login/index', {
            account: user.account,
            password: goodPassword,
          });
          expectOk(login);
          // Every call above was answered before the history was done.
          expect(server.logged('market history drawn')).toBe(false);
          expect(server.logged('market history stored')).toBe(false);
          expect(await server.stop()).toBe(0);
          expect(server.logged('stopped')).toBe(true);
        } finally {
          await server.stop();
        }
      }),
    180_000,
  );

  it(
    'after a crash in the middle of storing the history, continues it without a gap',
    () =>
      withDatabase(name, async (env) => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-startup-'));
        const settings = { ...env, MARKETS: 'BTC', MARKET_HISTORY_DAYS: '10' };
        try {
          const first = await startServerProcess(settings, { dataDir, until: 'listening' });
          // Killed as soon as it answers: its history is stored in part, or not at all.
          await first.kill();

          const second = await startServerProcess(settings, { dataDir, until: 'listening' });
          try {
            await second.waitForLog('market history stored');
            const started = (await second.waitForLog('listening')).time as number;
            const api = new ApiClient(second.url);
            const minutes = await allCandles(api, '1m');
            const hours = await allCandles(api, '1h');
            expect(minutes.length).toBeGreaterThan(10 * 1440 - 60);
            const times = minutes.map((row) => row[0]);
            expect(times.slice(1).filter((t, i) => t - (times[i] as number) !== minuteMs)).toEqual(
              [],
            );
            const hourTimes = hours.map((row) => row[0]);
            expect(
              hourTimes.slice(1).filter((t, i) => t - (hourTimes[i] as number) !== hourMs),
            ).toEqual([]);
            // Each hour closed before the restart holds exactly its minutes: none written twice
            // into it, none lost at the crash.
            const oldest = times[0] as number;
            const closed = hours.filter((row) => row[0] + hourMs <= started && row[0] > oldest);
            expect(closed.length).toBeGreaterThan(200);
            for (const hour of closed) {
              const inHour = minutes.filter(
                (row) => row[0] >= hour[0] && row[0] < hour[0] + hourMs,
              );
              expect(inHour).toHaveLength(60);
              const sum = inHour.reduce((total, row) => total + lots(row[5]), 0n);
              expect(sum, `volume of the hour at ${hour[0]}`).toBe(lots(hour[5]));
            }
          } finally {
            await second.stop();
          }
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      }),
    240_000,
  );
});
