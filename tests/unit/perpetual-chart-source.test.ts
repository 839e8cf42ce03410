// A perpetual's chart of its own trades beside the index's, in the worker: its channel's name read
// and built, its frames checked and made into events, its candles asked of `/contract/kline` and
// kept in a series of their own, so the two charts of one market and period never mix.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { frameEvent } from '../../core/frame-event.ts';
import { type CandlesView, candlesFold, seriesKey } from '../../core/projections/candles.ts';
import { applyHandler } from '../../core/projections/fold.ts';
import type { CandleRow } from '../../schemas/api/market.schema.ts';
import { channelName, parseChannel } from '../../schemas/channels.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { chartChannel, fetchCandles } from '../../workers/market/loaders.ts';

const candle = (t: number, close: string): CandleRow => [
  t,
  '100.00',
  '101.00',
  '99.00',
  close,
  '1.5',
];

let seq = 0;
const fold = (state: CandlesView, event: Omit<LoggedEvent, 'seq' | 'at'>) =>
  applyHandler(candlesFold, state, { ...event, seq: ++seq, at: 0 } as LoggedEvent);

describe("a perpetual's own candles in the worker", () => {
  it('names, reads and checks its channel as the index kline channel', () => {
    const name = channelName['perpetual-kline']('BTCUSDT', '15m');
    expect(name).toBe('perpetual-kline.BTCUSDT.15m');
    expect(parseChannel(name)).toEqual({
      kind: 'perpetual-kline',
      symbol: 'BTCUSDT',
      period: '15m',
    });
    expect(parseChannel('perpetual-kline.BTCUSDT.2m')).toBeNull();
    expect(parseChannel('perpetual-kline.BTCUSDT')).toBeNull();
    expect(channelName.kline('BTCUSDT', '1m')).toBe('kline.BTCUSDT.1m');
    const event = frameEvent({ channel: name, seq: 3, ts: 5, data: [candle(0, '100.50')] }, {});
    expect(event).toEqual({
      source: 'socket',
      type: 'perpetual-kline',
      payload: { symbol: 'BTCUSDT', period: '15m', seq: 3, ts: 5, data: [candle(0, '100.50')] },
    });
    expect(frameEvent({ channel: name, seq: 4, ts: 6, data: [['x']] }, {})).toBeNull();
  });

  it('keeps the last price series apart from the index series of the same market and period', () => {
    expect(seriesKey('BTCUSDT', '1m')).toBe('BTCUSDT.1m');
    expect(seriesKey('BTCUSDT', '1m', 'index')).toBe('BTCUSDT.1m');
    expect(seriesKey('BTCUSDT', '1m', 'last')).toBe('BTCUSDT.1m.last');
    const page = { symbol: 'BTCUSDT', period: '1m', before: null, limit: 300 } as const;
    let state = candlesFold.initial;
    state = fold(state, {
      source: 'intent',
      type: 'kline-requested',
      payload: { symbol: 'BTCUSDT', period: '1m', source: 'last', before: null },
    });
    expect(state[seriesKey('BTCUSDT', '1m', 'last')]?.loading).toBe(true);
    expect(state[seriesKey('BTCUSDT', '1m')]).toBeUndefined();
    state = fold(state, {
      source: 'api',
      type: 'kline-page',
      payload: {
        ok: true,
        ...page,
        source: 'last',
        candles: [],
        feed: 'contract',
        simulated: false,
      },
    });
    expect(state[seriesKey('BTCUSDT', '1m', 'last')]).toMatchObject({
      rows: [],
      loading: false,
      hasOlder: false,
    });
    state = fold(state, {
      source: 'api',
      type: 'kline-page',
      payload: {
        ok: true,
        ...page,
        candles: [candle(0, '100.00')],
        feed: 'simulated',
        simulated: true,
      },
    });
    state = fold(state, {
      source: 'socket',
      type: 'perpetual-kline',
      payload: { symbol: 'BTCUSDT', period: '1m', seq: 1, ts: 1, data: [candle(60_000, '100.70')] },
    });
    state = fold(state, {
      source: 'socket',
      type: 'kline',
      payload: { symbol: 'BTCUSDT', period: '1m', seq: 1, ts: 1, data: [candle(0, '100.20')] },
    });
    expect(state[seriesKey('BTCUSDT', '1m', 'last')]?.rows).toEqual([candle(60_000, '100.70')]);
    expect(state[seriesKey('BTCUSDT', '1m')]?.rows).toEqual([candle(0, '100.20')]);
  });

  it('asks each source its own call and logs the source only when it is not the index', async () => {
    const asked: string[] = [];
    const logged: unknown[] = [];
    const context = {
      call: async (endpoint: Endpoint, input: unknown) => {
        asked.push(`${endpoint.path} ${JSON.stringify(input)}`);
        return {
          ok: true,
          data: { symbol: 'BTCUSDT', period: '1m', feed: 'x', simulated: false, candles: [] },
        };
      },
      record: (event: unknown) => logged.push(event),
      channels: {},
    } as unknown as Parameters<typeof fetchCandles>[0];
    await fetchCandles(context, 'BTCUSDT', '1m', null, 'last');
    await fetchCandles(context, 'BTCUSDT', '1m', 60_000);
    expect(asked).toEqual([
      '/contract/kline {"symbol":"BTCUSDT","period":"1m","limit":300}',
      '/market/kline {"symbol":"BTCUSDT","period":"1m","limit":500,"before":60000}',
    ]);
    expect(logged).toEqual([
      {
        source: 'intent',
        type: 'kline-requested',
        payload: { symbol: 'BTCUSDT', period: '1m', source: 'last', before: null },
      },
      expect.objectContaining({
        type: 'kline-page',
        payload: expect.objectContaining({ ok: true, source: 'last', candles: [] }),
      }),
      {
        source: 'intent',
        type: 'kline-requested',
        payload: { symbol: 'BTCUSDT', period: '1m', before: 60_000 },
      },
      expect.objectContaining({
        type: 'kline-page',
        payload: expect.not.objectContaining({ source: expect.anything() }),
      }),
    ]);
    expect(chartChannel('BTCUSDT', '1m', 'last')).toBe('perpetual-kline.BTCUSDT.1m');
    expect(chartChannel('BTCUSDT', '1m', 'index')).toBe('kline.BTCUSDT.1m');
  });
});
