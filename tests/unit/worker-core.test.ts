// The worker's core end to end on fakes: inputs are logged and folded, the UI is told at most once
// per frame with prices formatted, sessions and 999 reach the host, captures replay.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartSeries } from '../../src/chart/chart-series.ts';
import { createWorkerCore, type WorkerCore } from '../../workers/create-core.ts';
import type { ChartView, ScreenView, ViewPayloads } from '../../workers/facade.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { liveEveryMs } from '../../workers/kernel/view.ts';
import { chartEveryMs } from '../../workers/market/views.ts';
import { tickerData } from '../support/events.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { fakeSockets } from '../support/fake-socket.ts';

let scheduler: FakeScheduler;
let sockets: ReturnType<typeof fakeSockets>;
let frames: (() => void)[];
let store: EventStore;
let core: WorkerCore;
let answers: Record<string, unknown>;
let dbCount = 0;

const runFrames = () => {
  const pending = frames;
  frames = [];
  for (const run of pending) run();
};
/** A frame the page draws once a live view's interval has passed since it was last sent. */
const drawFrame = () => {
  scheduler.advance(liveEveryMs);
  runFrames();
};

beforeEach(async () => {
  scheduler = new FakeScheduler();
  sockets = fakeSockets();
  frames = [];
  answers = {};
  store = new EventStore({ name: `core-${++dbCount}`, scheduler });
  await store.open();
  const fakeFetch = (async (url: string) => {
    const path = new URL(url, 'http://x').pathname.replace('/api', '');
    return new Response(JSON.stringify(answers[path] ?? { code: 1040, msg: 'nope', data: null }));
  }) as unknown as typeof fetch;
  core = createWorkerCore({
    apiBase: '/api',
    socketUrl: 'ws://x/ws',
    fetch: fakeFetch,
    createSocket: sockets.create,
    scheduler,
    store,
    requestFrame: (run) => frames.push(run),
  });
  core.start();
});

afterEach(() => {
  core.stop();
  store.close();
});

const tick = (seq: number, last: string) =>
  sockets.latest.serverSends({
    channel: 'ticker.BTCUSDT',
    seq,
    ts: seq,
    data: { ...tickerData(last), quote_volume: '2000' },
  });

describe('WorkerCore', () => {
  it('sends the UI one update per frame however many frames arrive, prices formatted', () => {
    const views: ScreenView[] = [];
    core.watch('all', (view) => views.push(view));
    sockets.latest.serverOpens();
    for (let i = 1; i <= 100; i++) tick(i, `6000${i % 10}.123456789`);
    expect(frames).toHaveLength(1);
    drawFrame();
    expect(views).toHaveLength(2);
    expect(views[1]?.prices.BTCUSDT?.last).toBe('60,000.12345679');
    expect(views[1]?.connection.open).toBe(true);
  });

  it('sends each view only when its part of the fold changed, as compact rows', () => {
    const market: unknown[] = [];
    const connection: unknown[] = [];
    core.watch('market', (payload) => market.push(payload));
    core.watch('connection', (payload) => connection.push(payload));
    sockets.latest.serverOpens();
    drawFrame();
    expect(market).toHaveLength(1);
    expect(connection).toHaveLength(2);
    tick(1, '1.5');
    drawFrame();
    expect(market.at(-1)).toEqual({
      rows: [['BTCUSDT', '1.5', '1.5', '1.5', '0.00%', '2K', 0]],
      simulated: true,
      sections: {},
    });
    expect(connection).toHaveLength(2);
    core.setCredentials({ token: null, language: 'de' });
    drawFrame();
    expect(market).toHaveLength(3);
    expect(connection).toHaveLength(3);
  });

  it('formats for the language the UI hands over', () => {
    const views: ScreenView[] = [];
    core.watch('all', (view) => views.push(view));
    core.setCredentials({ token: null, language: 'de' });
    sockets.latest.serverOpens();
    tick(1, '1234.5');
    drawFrame();
    expect(views.at(-1)?.prices.BTCUSDT?.last).toBe('1.234,5');
  });

  it('logs every input, without the password of a login', async () => {
    answers['/login/index'] = {
      code: 200,
      msg: 'ok',
      data: { token: 't', expires_at: 'x', user_id: 12345678, account: 'a@b.co' },
    };
    const outcome = await core.login('a@b.co', 'Secret123');
    expect(outcome.ok).toBe(true);
    const capture = await core.capture();
    expect(capture).not.toContain('Secret123');
    expect(capture).toContain('"type":"login"');
  });

  it('tells the host about code 999 and ends the session in the view', async () => {
    const expired: string[] = [];
    const toasts: string[] = [];
    core.connectHost({
      toast: (m) => toasts.push(m),
      sessionExpired: (how, message) => expired.push(`${how}: ${message}`),
    });
    answers['/security/index'] = {
      code: 999,
      msg: 'Login timeout, please log in again',
      data: null,
    };
    const outcome = await core.userInfo();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'session' } });
    expect(expired).toEqual(['logout: Login timeout, please log in again']);
    expect(toasts).toEqual([]);
  });

  it('replays a capture to the screen and goes back to live', async () => {
    const views: ScreenView[] = [];
    core.watch('all', (view) => views.push(view));
    sockets.latest.serverOpens();
    tick(1, '100');
    scheduler.advance(1000);
    tick(2, '200');
    const capture = await core.capture();
    tick(3, '300');
    expect(await core.loadCapture(capture)).toEqual({ ok: true, events: 3 });
    core.scrub(2);
    drawFrame();
    expect(views.at(-1)?.prices.BTCUSDT?.last).toBe('100');
    core.replay(2);
    scheduler.advance(500);
    drawFrame();
    expect(views.at(-1)?.prices.BTCUSDT?.last).toBe('200');
    core.live();
    drawFrame();
    expect(views.at(-1)?.prices.BTCUSDT?.last).toBe('300');
  });

  it('comes back to the same screen after a restart, from the kept log', async () => {
    sockets.latest.serverOpens();
    tick(1, '100');
    tick(2, '250.5');
    await store.flush();
    core.stop();
    const restarted = createWorkerCore({
      apiBase: '/api',
      socketUrl: 'ws://x/ws',
      fetch: (() => Promise.reject(new Error('offline'))) as typeof fetch,
      createSocket: sockets.create,
      scheduler,
      store,
      requestFrame: (run) => frames.push(run),
    });
    await restarted.restore();
    const views: ScreenView[] = [];
    restarted.watch('all', (view) => views.push(view));
    expect(views[0]?.prices.BTCUSDT?.last).toBe('250.5');
    expect(views[0]?.connection.open).toBe(false);
  });

  it('refuses a capture that is not one, naming the line', async () => {
    expect(await core.loadCapture('{"seq":1}\n')).toEqual({ ok: false, line: 1 });
  });
});

const marketTicker = (symbol: string) => ({
  symbol,
  base: symbol.replace('USDT', ''),
  quote: 'USDT',
  last: '100.5',
  change_pct: '-1.25',
  high: '110',
  low: '90',
  volume: '3',
  quote_volume: '1500000',
  index: '100.5',
  stale: false,
  feed: 'simulated',
  ts: 1,
  price_scale: 1,
  quantity_scale: 0,
});

describe('WorkerCore market views', () => {
  const candle = (t: number, close: string) => [t, close, close, close, close, '1'] as const;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const subscriptions = () =>
    sockets.latest.sent.flatMap((frame) => {
      const { op, channels } = frame as { op: string; channels?: string[] };
      return (channels ?? []).map((channel) => `${op} ${channel}`);
    });

  it('loads a section, seeds the market rows and keeps their tickers subscribed', async () => {
    answers['/market/exchange'] = {
      code: 200,
      msg: 'ok',
      data: { simulated: true, list: [marketTicker('BTCUSDT')] },
    };
    const market: unknown[] = [];
    core.watch('market', (payload) => market.push(payload));
    sockets.latest.serverOpens();
    const outcome = await core.loadMarkets('spot');
    expect(outcome).toEqual({ ok: true, data: { symbols: ['BTCUSDT'] } });
    drawFrame();
    expect(market.at(-1)).toEqual({
      rows: [['BTCUSDT', '100.5', '110.0', '90.0', '-1.25%', '1.5M', 0]],
      simulated: true,
      // The list remembers what it named, for the next visit to show at once.
      sections: { spot: ['BTCUSDT'] },
    });
    expect(subscriptions()).toContain('sub ticker.BTCUSDT');
  });

  it('sends a market list at most every `liveEveryMs` under a flood, with the latest prices', async () => {
    answers['/market/exchange'] = {
      code: 200,
      msg: 'ok',
      data: { simulated: true, list: [marketTicker('BTCUSDT')] },
    };
    const market: ViewPayloads['market'][] = [];
    core.watch('market', (payload) => market.push(payload));
    sockets.latest.serverOpens();
    await core.loadMarkets('spot');
    drawFrame();
    const sent = market.length;
    // Ticks on every frame, each frame sooner than the interval: the list waits.
    for (const [seq, last] of ['101.00', '102.00', '103.00'].entries()) {
      tick(seq + 1, last);
      runFrames();
    }
    expect(market.length).toBe(sent);
    drawFrame();
    // One send, with the last of the ticks: none is lost, none drawn twice.
    expect(market.length).toBe(sent + 1);
    expect(market.at(-1)?.rows[0]?.[1]).toBe('103.0');
  });

  it('fetches a chart, follows its live candle, pages back, and lets go of its channels', async () => {
    const t = 1_800_000_000_000;
    answers['/market/kline'] = {
      code: 200,
      msg: 'ok',
      data: {
        symbol: 'BTCUSDT',
        period: '1m',
        feed: 'simulated',
        simulated: true,
        candles: Array.from({ length: 300 }, (_, i) => candle(t + i * 60_000, '10.00')),
      },
    };
    // The page builds its columns from the updates, as `useChart` does.
    const series = new ChartSeries();
    const updates: ViewPayloads['chart'][] = [];
    const charts: ChartView[] = [];
    sockets.latest.serverOpens();
    const id = core.watch(
      'chart',
      (update) => {
        updates.push(update);
        charts.push(series.apply(update));
      },
      { symbol: 'BTCUSDT', period: '1m' },
    );
    // A chart goes out at most every `chartEveryMs`: the frames in between pass it by.
    const chartFrame = () => {
      scheduler.advance(chartEveryMs);
      drawFrame();
    };
    await settle();
    chartFrame();
    expect(charts.at(-1)?.time.length).toBe(300);
    expect(charts.at(-1)).toMatchObject({ loading: false, hasOlder: true, priceScale: 2 });
    const sent = updates.length;
    for (const [seq, close] of ['10.40', '10.45', '10.50'].entries()) {
      sockets.latest.serverSends({
        channel: 'kline.BTCUSDT.1m',
        seq: seq + 1,
        ts: 0,
        data: [candle(t + 300 * 60_000, close)],
      });
      // Frames come and go; the chart waits for its interval.
      runFrames();
    }
    expect(updates.length).toBe(sent);
    chartFrame();
    // One update brought the three ticks' outcome.
    expect(updates.length).toBe(sent + 1);
    expect(charts.at(-1)?.close.at(-1)).toBe(10.5);
    expect(charts.at(-1)?.time.length).toBe(301);
    // The new candle crossed alone, not the whole series again.
    expect(updates.at(-1)).toMatchObject({ from: 300, length: 301 });
    expect(updates.at(-1)?.time.length).toBe(1);

    answers['/market/kline'] = {
      code: 200,
      msg: 'ok',
      data: {
        symbol: 'BTCUSDT',
        period: '1m',
        feed: 'simulated',
        simulated: true,
        candles: [candle(t - 60_000, '9.00')],
      },
    };
    core.loadOlderCandles('BTCUSDT', '1m');
    await settle();
    chartFrame();
    expect(charts.at(-1)?.time[0]).toBe(t - 60_000);
    expect(charts.at(-1)?.hasOlder).toBe(false);
    expect(subscriptions()).toEqual(['sub kline.BTCUSDT.1m', 'sub ticker.BTCUSDT']);
    core.unwatch(id);
    expect(subscriptions()).toContain('unsub kline.BTCUSDT.1m');
  });

  it("leaving the spot trade page keeps the market list's ticker subscribed", async () => {
    answers['/market/exchange'] = {
      code: 200,
      msg: 'ok',
      data: { simulated: true, list: [marketTicker('BTCUSDT')] },
    };
    sockets.latest.serverOpens();
    await core.loadMarkets('spot');
    const page = core.watch('spot', () => {}, { symbol: 'BTCUSDT' });
    const chart = core.watch('chart', () => {}, { symbol: 'ETHUSDT', period: '1m' });
    core.unwatch(page);
    core.unwatch(chart);
    expect(subscriptions()).toEqual([
      'sub ticker.BTCUSDT',
      'sub kline.ETHUSDT.1m',
      'sub ticker.ETHUSDT',
      'unsub kline.ETHUSDT.1m',
      'unsub ticker.ETHUSDT',
    ]);
  });

  it('tells a book not received yet from one received empty', () => {
    const books: ViewPayloads['book'][] = [];
    sockets.latest.serverOpens();
    core.watch('book', (view) => books.push(view), { symbol: 'BTCUSDT' });
    drawFrame();
    expect(books.at(-1)).toMatchObject({ bids: [], asks: [], received: false });
    sockets.latest.serverSends({
      channel: 'depth.BTCUSDT',
      seq: 3,
      ts: 0,
      data: { type: 'snapshot', bids: [], asks: [] },
    });
    drawFrame();
    expect(books.at(-1)).toMatchObject({ bids: [], asks: [], received: true });
  });

  it('notices a missed depth diff, asks for a new snapshot and shows the book it brings', () => {
    const books: ViewPayloads['book'][] = [];
    sockets.latest.serverOpens();
    core.watch('book', (view) => books.push(view), { symbol: 'BTCUSDT' });
    const depth = (seq: number, data: unknown) =>
      sockets.latest.serverSends({ channel: 'depth.BTCUSDT', seq, ts: 0, data });
    depth(5, { type: 'snapshot', bids: [['10', '1']], asks: [['11', '2']] });
    depth(6, { type: 'diff', prev: 5, bids: [['9', '3']], asks: [] });
    drawFrame();
    expect(books.at(-1)?.bids).toEqual([
      ['10', '1', 1, '10', '1'],
      ['9', '3', 4, '9', '3'],
    ]);
    depth(8, { type: 'diff', prev: 7, bids: [['8', '1']], asks: [] });
    drawFrame();
    expect(books.at(-1)?.resyncing).toBe(true);
    expect(subscriptions().filter((s) => s === 'sub depth.BTCUSDT')).toHaveLength(2);
    depth(8, { type: 'snapshot', bids: [['10', '1']], asks: [['11', '1']] });
    drawFrame();
    expect(books.at(-1)).toMatchObject({
      resyncing: false,
      version: 8,
      asks: [['11', '1', 1, '11', '1']],
    });
  });
});

describe('WorkerCore products loaded when first used', () => {
  const subscribed = () =>
    sockets.latest.sent.flatMap((frame) => {
      const { op, channels } = frame as { op: string; channels?: string[] };
      return op === 'sub' ? (channels ?? []) : [];
    });
  const positionsFrame = (seq: number) =>
    sockets.latest.serverSends({ channel: 'positions', seq, ts: seq, data: [] });

  it('holds a product’s channels and reads their frames only once its domain has loaded', async () => {
    core.setCredentials({ token: 'user-token', language: 'en' });
    sockets.latest.serverOpens();
    // The spot page's channels are held with the session; the perpetuals' are not yet.
    expect(subscribed()).toEqual(expect.arrayContaining(['orders', 'balances']));
    expect(subscribed()).not.toContain('positions');
    positionsFrame(1);
    expect(await core.capture()).toContain('"type":"problem","payload":{"kind":"schema"');

    const outcome = await core.contractHistory(1);
    expect(outcome.ok).toBe(false);
    expect(subscribed()).toEqual(expect.arrayContaining(['positions', 'contract-orders']));
    positionsFrame(2);
    expect(await core.capture()).toContain('"type":"positions","payload":{"seq":2');
  });

  it('sends nothing and holds nothing for a view unwatched before its domain loaded', async () => {
    sockets.latest.serverOpens();
    const shown: unknown[] = [];
    const id = core.watch('contractBook', (view) => shown.push(view), { symbol: 'ETHUSDT' });
    core.unwatch(id);
    await vi.dynamicImportSettled();
    drawFrame();
    expect(shown).toEqual([]);
    expect(subscribed()).not.toContain('contract-depth.ETHUSDT');
    // Watched again, the view is sent as soon as the loaded domain allows.
    core.watch('contractBook', (view) => shown.push(view), { symbol: 'ETHUSDT' });
    expect(shown).toHaveLength(1);
    expect(subscribed()).toContain('contract-depth.ETHUSDT');
  });

  it('loads a domain a page about to open names, before any call of it', async () => {
    core.setCredentials({ token: 'user-token', language: 'en' });
    sockets.latest.serverOpens();
    core.prepare('option');
    await vi.dynamicImportSettled();
    expect(subscribed()).toContain('options');
    expect(subscribed()).not.toContain('positions');
  });
});
