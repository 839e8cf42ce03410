// The market calls over real HTTP against a server process on the simulated feed: lists, home
// figures, candles, book and trades, and how bad input is refused without changing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodMs } from '../../core/market/periods.ts';
import { compareDecimals, toUnits } from '../../core/market/units.ts';
import { figureSchema } from '../../schemas/api/content.schema.ts';
import {
  type CandleRow,
  candleRowSchema,
  type KlinePeriod,
  klinePeriods,
  levelSchema,
  type Ticker,
  tickerSchema,
  tradeRowSchema,
} from '../../schemas/api/market.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { defaultMarkets, knownMarkets } from '../../server/market/catalog.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const regions = 37;
/** Low enough for a test to cross: the figure appears with the second user registered here. */
const usersThreshold = 2;
let server: ServerProcess;
let api: ApiClient;

beforeAll(async () => {
  // Two days of history are plenty for paging and keep the start quick.
  // The feed's own book and trades, which are busy from the start (spot.test.ts covers the
  // exchange's).
  server = await startServerProcess({
    SPOT_TRADING: 'false',
    MARKET_HISTORY_DAYS: '2',
    HOME_REGIONS: String(regions),
    HOME_USERS_THRESHOLD: String(usersThreshold),
  });
  api = new ApiClient(server.url);
});

afterAll(async () => {
  await server?.stop();
});

interface KlineData {
  symbol: string;
  period: KlinePeriod;
  feed: string;
  simulated: boolean;
  candles: CandleRow[];
}
interface DepthData {
  symbol: string;
  version: number;
  ts: number;
  bids: [string, string][];
  asks: [string, string][];
}
interface TradesData {
  symbol: string;
  trades: [string, string, 'buy' | 'sell', number][];
}

async function klineOf(query: Record<string, string>): Promise<KlineData> {
  const answer = await api.get<KlineData>('/market/kline', query);
  expectOk(answer);
  for (const row of answer.body.data.candles) candleRowSchema.parse(row);
  return answer.body.data;
}

/** Polls until `read` answers something `done` accepts, or fails after the deadline. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  deadlineMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A decimal of a known scale as an integer of its smallest unit, for exact comparisons. */
const units = (decimal: string): bigint => BigInt(decimal.replace('.', ''));
const decimalsOf = (decimal: string): number => decimal.split('.')[1]?.length ?? 0;
const ascending = (values: readonly bigint[]): bigint[] =>
  [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const isPositive = (decimal: string): boolean => !decimal.startsWith('-') && /[1-9]/.test(decimal);

describe('the market lists', () => {
  const lists = ['/market/exchange', '/market/contract', '/market/second'];

  it.each(lists)('%s lists the eight default markets, labelled simulated', async (path) => {
    const answer = await api.get<{ simulated: boolean; list: Ticker[] }>(path);
    expectOk(answer);
    expect(answer.body.data.simulated).toBe(true);
    expect(answer.body.data.list.map((ticker) => ticker.base)).toEqual([...defaultMarkets]);
    for (const ticker of answer.body.data.list) {
      // Every list's rows are tickers (the futures list adds the perpetuals' own figures).
      expect(ticker).toMatchObject(tickerSchema.parse(ticker));
      expect(ticker.symbol).toBe(`${ticker.base}USDT`);
      expect(ticker.feed).toBe('simulated');
    }
  });

  it("/market/contract adds each perpetual's funding rate and next funding time", async () => {
    const answer = await api.get<{
      list: (Ticker & { funding_rate: string; next_funding_time: string })[];
    }>('/market/contract');
    expectOk(answer);
    for (const row of answer.body.data.list) {
      expect(row.funding_rate).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Date.parse(row.next_funding_time)).toBeGreaterThan(Date.now() - 60_000);
      expect(row).toHaveProperty('mark_price');
    }
  });

  it.each(lists)(
    '%s carries positive prices with high ≥ last ≥ low at the market scales',
    async (path) => {
      const answer = await api.get<{ list: Ticker[] }>(path);
      for (const ticker of answer.body.data.list) {
        const spec = knownMarkets.find((market) => market.symbol === ticker.symbol);
        expect(spec, ticker.symbol).toBeDefined();
        expect([ticker.price_scale, ticker.quantity_scale]).toEqual([
          spec?.priceScale,
          spec?.quantityScale,
        ]);
        for (const price of [ticker.last, ticker.high, ticker.low, ticker.index]) {
          expect(isPositive(price), `${ticker.symbol} ${price}`).toBe(true);
          expect(decimalsOf(price), `${ticker.symbol} ${price}`).toBe(ticker.price_scale);
        }
        expect(decimalsOf(ticker.volume)).toBe(ticker.quantity_scale);
        expect(units(ticker.high) >= units(ticker.last), ticker.symbol).toBe(true);
        expect(units(ticker.last) >= units(ticker.low), ticker.symbol).toBe(true);
      }
    },
  );

  it('/market/second also lists the durations with their payout rates', async () => {
    const answer = await api.get<{
      durations: { unit: string; value: number; payout_rate: string }[];
    }>('/market/second');
    expect(answer.body.data.durations.length).toBeGreaterThan(0);
    for (const duration of answer.body.data.durations) {
      expect(['minute', 'hour', 'day']).toContain(duration.unit);
      expect(duration.value).toBeGreaterThan(0);
      expect(isPositive(duration.payout_rate)).toBe(true);
    }
  });
});

describe('/index/index', () => {
  interface HomeData {
    tickers: Ticker[];
    figures: { key: string; value: string; source: string }[];
    simulated: boolean;
  }
  const home = async () => {
    const answer = await api.get<HomeData>('/index/index');
    expectOk(answer);
    return answer.body.data;
  };
  const figure = (data: HomeData, key: string) => data.figures.find((f) => f.key === key);

  it('features tickers of the listed markets, busiest first', async () => {
    const data = await home();
    expect(data.simulated).toBe(true);
    expect(data.tickers.length).toBeGreaterThan(0);
    for (const ticker of data.tickers) expect(tickerSchema.parse(ticker)).toEqual(ticker);
    // Quote volumes carry each market's price scale, so they are compared as decimals.
    const turnovers = data.tickers.map((ticker) => ticker.quote_volume);
    expect(turnovers).toEqual([...turnovers].sort((a, b) => compareDecimals(b, a)));
  });

  it('labels the markets and turnover as measured, and their values are the real ones', async () => {
    const data = await home();
    for (const item of data.figures) expect(figureSchema.parse(item)).toEqual(item);
    expect(figure(data, 'markets')).toEqual({
      key: 'markets',
      value: String(defaultMarkets.length),
      source: 'measured',
    });
    const turnover = figure(data, 'turnover_24h');
    expect(turnover?.source).toBe('measured');
    // Every listed market is featured, so the turnover is the sum of what the tickers show, in
    // cents: each market's share is rounded to a cent at most once.
    const micro = (decimal: string) => BigInt(toUnits(decimal, 6, true) ?? Number.NaN);
    const sum = data.tickers.reduce((total, ticker) => total + micro(ticker.quote_volume), 0n);
    expect(decimalsOf(turnover?.value ?? '')).toBe(2);
    const off = micro(turnover?.value ?? '') - sum;
    const halfCents = 5_000n * BigInt(data.tickers.length);
    expect(off >= -halfCents && off <= halfCents, `${turnover?.value} against ${sum}`).toBe(true);
  });

  it('leaves the users figure out below the threshold, and counts every user from it on', async () => {
    // A fresh server: no user has registered yet.
    expect(figure(await home(), 'users')).toBeUndefined();
    await registerUser(api, server.dataDir);
    const below = await home();
    expect(figure(below, 'users')).toBeUndefined();
    // Not in any other figure either: the count does not leave the server below the threshold.
    expect(below.figures.map((item) => item.key)).not.toContain('users');
    await registerUser(api, server.dataDir);
    expect(figure(await home(), 'users')).toEqual({ key: 'users', value: '2', source: 'measured' });
    await registerUser(api, server.dataDir);
    expect(figure(await home(), 'users')?.value).toBe('3');
  });

  it('shows a configured figure labelled configured, and no configured figure that was not set', async () => {
    const data = await home();
    expect(figure(data, 'regions')).toEqual({
      key: 'regions',
      value: String(regions),
      source: 'configured',
    });
    expect(data.figures.filter((item) => item.source === 'configured')).toHaveLength(1);
  });
});

describe('/market/kline', () => {
  it.each(klinePeriods)(
    'answers %s candles oldest first, on aligned open times, within their high and low',
    async (period) => {
      const data = await klineOf({ symbol: 'BTCUSDT', period, limit: '50' });
      expect(data).toMatchObject({ symbol: 'BTCUSDT', period, feed: 'simulated', simulated: true });
      expect(data.candles.length).toBeGreaterThan(0);
      const times = data.candles.map((row) => row[0]);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      for (const [t, open, high, low, close, volume] of data.candles) {
        // Buckets are aligned to UTC midnight, so every period divides the epoch time exactly.
        expect(t % periodMs[period], `open time ${t}`).toBe(0);
        for (const price of [open, close]) {
          expect(units(low) <= units(price) && units(price) <= units(high), `${t}: ${price}`).toBe(
            true,
          );
        }
        expect(isPositive(low)).toBe(true);
        expect(volume.startsWith('-')).toBe(false);
      }
    },
  );

  it('answers exactly `limit` candles when the history holds more', async () => {
    for (const limit of [1, 7, 1000]) {
      const data = await klineOf({ symbol: 'ETHUSDT', period: '1m', limit: String(limit) });
      expect(data.candles).toHaveLength(limit);
    }
  });

  it('pages back with `before`, without overlap or gap', async () => {
    const newest = await klineOf({ symbol: 'BTCUSDT', period: '1m', limit: '100' });
    const first = newest.candles[0]?.[0] as number;
    const older = await klineOf({
      symbol: 'BTCUSDT',
      period: '1m',
      limit: '100',
      before: String(first),
    });
    expect(older.candles).toHaveLength(100);
    expect(older.candles.every((row) => row[0] < first)).toBe(true);
    const both = [...older.candles, ...newest.candles].map((row) => row[0]);
    // The simulated history has a candle in every minute: two pages join minute to minute.
    expect(both.slice(1).map((t, i) => t - (both[i] as number))).toEqual(
      both.slice(1).map(() => 60_000),
    );
    // And they are the candles one larger page answers, apart from the live minute.
    const live = newest.candles.at(-1)?.[0] ?? 0;
    const settled = (rows: CandleRow[]) => rows.filter((row) => row[0] < live);
    const whole = settled(
      (await klineOf({ symbol: 'BTCUSDT', period: '1m', limit: '200' })).candles,
    );
    expect(whole).toEqual(settled([...older.candles, ...newest.candles]).slice(-whole.length));
    expect(whole.length).toBeGreaterThanOrEqual(198);
  });

  it.each(['5m', '15m', '30m', '1h', '4h'] as const)(
    'makes each %s candle from the 1m candles it contains',
    async (period) => {
      const length = periodMs[period];
      // A bucket that closed well before the server started: made from the stored history.
      const open = Math.floor((Date.now() - 2 * length - 600_000) / length) * length;
      const [long] = (
        await klineOf({ symbol: 'SOLUSDT', period, limit: '1', before: String(open + 1) })
      ).candles;
      const minutes = (
        await klineOf({
          symbol: 'SOLUSDT',
          period: '1m',
          limit: String(length / 60_000),
          before: String(open + length),
        })
      ).candles;
      expect(minutes).toHaveLength(length / 60_000);
      expect(minutes[0]?.[0]).toBe(open);
      const firstMinute = minutes[0] as CandleRow;
      const lastMinute = minutes.at(-1) as CandleRow;
      expect(long).toBeDefined();
      const [t, o, h, l, c, v] = long as CandleRow;
      expect({ t, o, c }).toEqual({ t: open, o: firstMinute[1], c: lastMinute[4] });
      expect(units(h)).toBe(ascending(minutes.map((row) => units(row[2]))).at(-1));
      expect(units(l)).toBe(ascending(minutes.map((row) => units(row[3])))[0]);
      expect(units(v)).toBe(minutes.reduce((sum, row) => sum + units(row[5]), 0n));
    },
  );
});

describe('/market/depth', () => {
  const depthOf = async (query: Record<string, string>) => {
    const answer = await api.get<DepthData>('/market/depth', query);
    expectOk(answer);
    return answer.body.data;
  };
  // The simulated book is drawn on the feed's first step, a second after the start.
  const bookOf = (query: Record<string, string>) =>
    until(
      () => depthOf(query),
      (data) => data.bids.length > 0 && data.asks.length > 0,
      'the simulated book',
    );

  it('answers bids high to low and asks low to high, the best bid below the best ask', async () => {
    const data = await bookOf({ symbol: 'BTCUSDT' });
    expect(data.symbol).toBe('BTCUSDT');
    expect(data.version).toBeGreaterThan(0);
    for (const level of [...data.bids, ...data.asks]) {
      expect(levelSchema.parse(level)).toEqual(level);
      expect(isPositive(level[0]) && isPositive(level[1]), level.join(' ')).toBe(true);
    }
    const bids = data.bids.map(([price]) => units(price));
    const asks = data.asks.map(([price]) => units(price));
    expect(bids).toEqual(ascending(bids).reverse());
    expect(asks).toEqual(ascending(asks));
    expect(new Set([...bids, ...asks]).size).toBe(bids.length + asks.length);
    expect((bids[0] as bigint) < (asks[0] as bigint)).toBe(true);
  });

  it('honours `limit` per side', async () => {
    await bookOf({ symbol: 'ETHUSDT' });
    const data = await depthOf({ symbol: 'ETHUSDT', limit: '3' });
    expect([data.bids.length, data.asks.length]).toEqual([3, 3]);
    const wide = await depthOf({ symbol: 'ETHUSDT', limit: '100' });
    expect(wide.bids.length).toBeGreaterThan(3);
    expect(wide.bids.length).toBeLessThanOrEqual(100);
  });
});

describe('/market/trades', () => {
  it('answers the recent trades newest first, within `limit`', async () => {
    const data = await until(
      async () => {
        const answer = await api.get<TradesData>('/market/trades', { symbol: 'XRPUSDT' });
        expectOk(answer);
        return answer.body.data;
      },
      (value) => value.trades.length >= 3,
      'three trades',
    );
    for (const row of data.trades) {
      expect(tradeRowSchema.parse(row)).toEqual(row);
      expect(isPositive(row[0]) && isPositive(row[1])).toBe(true);
    }
    const times = data.trades.map((row) => row[3]);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const two = await api.get<TradesData>('/market/trades', { symbol: 'XRPUSDT', limit: '2' });
    expect(two.body.data.trades).toHaveLength(2);
  });
});

describe('bad input', () => {
  const de = catalogues.de.errors;
  const en = catalogues.en;
  const invalid = (field: keyof typeof en.fields) =>
    en.errors.field_invalid.replace('{field}', en.fields[field]);

  it.each([
    ['/market/kline', { symbol: 'FOOUSDT', period: '1m' }],
    ['/market/kline', { symbol: 'DOTUSDT', period: '1m' }],
    ['/market/depth', { symbol: 'FOOUSDT' }],
    ['/market/trades', { symbol: 'FOOUSDT' }],
  ])(
    '%s refuses a market that is not listed (%o), in the Lang of the request',
    async (path, query) => {
      expectError(await api.get(path, query, { lang: 'de' }), 'market_unknown', de.market_unknown);
    },
  );

  it('refuses an unknown period', async () => {
    const answer = await api.get('/market/kline', { symbol: 'BTCUSDT', period: '2m' });
    expectError(answer, 'field_invalid', invalid('period'));
  });

  it.each([
    ['/market/kline', { symbol: 'BTCUSDT', period: '1m' }],
    ['/market/depth', { symbol: 'BTCUSDT' }],
    ['/market/trades', { symbol: 'BTCUSDT' }],
  ])('%s refuses a limit of 0, 1001 or abc, naming the field', async (path, query) => {
    const limits = ['0', '1001', 'abc', '-5', '2.5'];
    const answers = await Promise.all(limits.map((limit) => api.get(path, { ...query, limit })));
    // All at once, so one run shows every limit that is answered differently.
    expect(
      Object.fromEntries(
        answers.map((answer, i) => [limits[i], [answer.body.code, answer.body.msg]]),
      ),
    ).toEqual(
      Object.fromEntries(
        limits.map((limit) => [limit, [errorCodes.field_invalid, invalid('limit')]]),
      ),
    );
  });

  it('refuses a negative `before`', async () => {
    const answer = await api.get('/market/kline', {
      symbol: 'BTCUSDT',
      period: '1m',
      before: '-1',
    });
    expectError(answer, 'field_invalid', invalid('before'));
  });

  it('accepts a lower-case symbol and answers it upper-case', async () => {
    const kline = await klineOf({ symbol: 'btcusdt', period: '1h', limit: '2' });
    expect(kline.symbol).toBe('BTCUSDT');
    expect(kline.candles).toHaveLength(2);
    const trades = await api.get<TradesData>('/market/trades', { symbol: ' ethusdt ' });
    expectOk(trades);
    expect(trades.body.data.symbol).toBe('ETHUSDT');
  });

  it('changes nothing: the candles are the same before and after refused calls', async () => {
    const query = { symbol: 'BTCUSDT', period: '1m', limit: '500' };
    const before = await klineOf(query);
    await Promise.all([
      api.get('/market/kline', { ...query, symbol: 'FOOUSDT' }),
      api.get('/market/kline', { ...query, limit: '0' }),
      api.get('/market/kline', { ...query, before: '-1' }),
      api.get('/market/kline', { ...query, period: 'soon' }),
    ]);
    const after = await klineOf(query);
    // Only the live minute (and any that opened since) may differ.
    const live = before.candles.at(-1)?.[0] ?? 0;
    const settled = (rows: CandleRow[]) => rows.filter((row) => row[0] < live);
    const kept = settled(after.candles);
    expect(kept.length).toBeGreaterThan(400);
    expect(kept).toEqual(settled(before.candles).slice(-kept.length));
  });
});
