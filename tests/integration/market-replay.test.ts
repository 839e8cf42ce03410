// The replay fixture drives a server process; real WorkerCores in Node (real fetch, `ws` sockets,
// an IndexedDB event store) watch it, and their projections must end as the fixture says: the
// final book and the one-minute candles. A client that misses a depth diff must notice the gap,
// ask for a new snapshot and end with the same book.
import { readFileSync } from 'node:fs';
import path from 'node:path';
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LoggedEvent } from '../../core/event-log.ts';
import { type ClientView, viewAt } from '../../core/projections/client-view.ts';
import type { CandleRow } from '../../schemas/api/market.schema.ts';
import { createWorkerCore, type WorkerCore } from '../../workers/create-core.ts';
import type { BookView, ScreenView } from '../../workers/facade.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import type { SocketLike } from '../../workers/kernel/market-socket.ts';
import { realScheduler } from '../../workers/kernel/real-scheduler.ts';
import { bookView } from '../../workers/market/rows.ts';
import { ApiClient } from '../support/api-client.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const fixtures = 'tests/fixtures/market';
const captureFile = `${fixtures}/sample-capture.ndjson`;
const root = path.resolve(import.meta.dirname, '../..');
/** 30× plays the capture's three minutes in about six seconds. */
const speed = 30;
const symbol = 'BTCUSDT';

interface ExpectedCandle {
  t: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}
interface Expected {
  markets: Record<
    string,
    {
      lastPrice: string;
      levels: { bids: number; asks: number };
      top: { bids: [string, string][]; asks: [string, string][] };
    }
  >;
  candles1m: Record<string, ExpectedCandle[]>;
}
interface CaptureTrade {
  ts: number;
  symbol: string;
  price: string;
  quantity: string;
  side: 'buy' | 'sell';
}

const expected = JSON.parse(
  readFileSync(path.join(root, fixtures, 'sample-capture.expected.json'), 'utf8'),
) as Expected;
const captureLines = readFileSync(path.join(root, captureFile), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { ts: number; kind: string; symbol?: string });
const captureTrades = captureLines.filter(
  (line) => line.kind === 'trade',
) as unknown as CaptureTrade[];
/** The capture's very last trade: once it is published, every line of `symbol` was too. */
const finalTrade = captureTrades.at(-1) as CaptureTrade;
const finalTradeCount = captureTrades.filter((trade) => trade.symbol === finalTrade.symbol).length;

let server: ServerProcess;
let api: ApiClient;
let clean: Watched;
let lossy: Watched;
let lost = 0;
/** Published trades of the final trade's market, seen by a plain socket. */
const published: [string, string, string, number][] = [];
let observer: WebSocket;

/** A `ws` connection as the worker's socket; it can lose a frame on purpose, and records sends. */
class WsSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  readonly #socket: WebSocket;

  constructor(
    url: string,
    readonly sent: string[],
    lose: (frame: string) => boolean,
  ) {
    this.#socket = new WebSocket(url);
    this.#socket.on('open', () => this.onopen?.());
    this.#socket.on('message', (data) => {
      const text = data.toString();
      if (!lose(text)) this.onmessage?.({ data: text });
    });
    this.#socket.on('error', () => this.onerror?.());
    this.#socket.on('close', () => this.onclose?.());
  }

  get readyState(): number {
    return this.#socket.readyState;
  }

  send(data: string): void {
    this.sent.push(data);
    this.#socket.send(data);
  }

  close(): void {
    this.#socket.close();
  }
}

interface Watched {
  core: WorkerCore;
  store: EventStore;
  sent: string[];
  latest(): ScreenView;
  books: BookView[];
  stop(): void;
}

let storeCount = 0;

/** A WorkerCore as the browser runs it, watching the book, trades and chart of `symbol`. */
async function watchingClient(lose: (frame: string) => boolean = () => false): Promise<Watched> {
  const store = new EventStore({
    name: `replay-${++storeCount}`,
    scheduler: realScheduler,
  });
  await store.open();
  const sent: string[] = [];
  const core = createWorkerCore({
    apiBase: `${server.url}/api`,
    socketUrl: `${server.url.replace(/^http/, 'ws')}/ws`,
    fetch: globalThis.fetch,
    createSocket: (url) => new WsSocket(url, sent, lose),
    scheduler: realScheduler,
    store,
    requestFrame: (run) => setImmediate(run),
  });
  let screen: ScreenView | undefined;
  const books: BookView[] = [];
  core.watch('all', (view) => {
    screen = view;
  });
  core.watch('book', (view) => books.push(view), { symbol });
  core.watch('trades', () => {}, { symbol });
  core.watch('chart', () => {}, { symbol, period: '1m' });
  core.start();
  return {
    core,
    store,
    sent,
    books,
    latest: () => {
      if (!screen) throw new Error('no view yet');
      return screen;
    },
    stop: () => {
      core.stop();
      store.close();
    },
  };
}

/** Polls until `done` holds, or fails after a generous deadline naming what it waited for. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // The feed's own book and trades are what is replayed (the exchange's are spot.test.ts's).
  server = await startServerProcess({
    SPOT_TRADING: 'false',
    MARKET_FEED: `replay:${captureFile}`,
    MARKET_REPLAY_SPEED: String(speed),
    MARKETS: 'BTC,ETH,SOL',
  });
  api = new ApiClient(server.url);
  // The replay started with the server: connect everyone at once, before it ends.
  let diffs = 0;
  [clean, lossy] = await Promise.all([
    watchingClient(),
    watchingClient((frame) => {
      const parsed = JSON.parse(frame) as { channel?: string; data?: { type?: string } };
      if (parsed.channel !== `depth.${symbol}` || parsed.data?.type !== 'diff') return false;
      diffs += 1;
      if (diffs !== 3) return false;
      lost += 1;
      return true;
    }),
  ]);
  observer = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`);
  observer.on('open', () =>
    observer.send(JSON.stringify({ op: 'sub', channels: [`trades.${finalTrade.symbol}`] })),
  );
  observer.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { channel?: string; data?: unknown };
    if (frame.channel === `trades.${finalTrade.symbol}`) {
      published.push(...(frame.data as [string, string, string, number][]));
    }
  });
  await replayEnded();
});

afterAll(async () => {
  observer?.terminate();
  clean?.stop();
  lossy?.stop();
  await server?.stop();
});

/**
 * The replay has ended once the server holds every trade of the capture's last market and has
 * published the last of them: the publication that carried it carried every earlier change too.
 */
async function replayEnded(): Promise<void> {
  let last: [string, string, string, number] | undefined;
  await until(async () => {
    const answer = await api.get<{ trades: [string, string, string, number][] }>('/market/trades', {
      symbol: finalTrade.symbol,
      limit: '200',
    });
    last = answer.body.data.trades[0];
    return answer.body.data.trades.length === finalTradeCount;
  }, 'every trade of the capture on the server');
  expect(last?.slice(0, 3)).toEqual([finalTrade.price, finalTrade.quantity, finalTrade.side]);
  await until(
    () => published.some((row) => JSON.stringify(row) === JSON.stringify(last)),
    'the last trade published',
  );
}

/**
 * Waits until a client shows what the server has: same book version, last trade and candle, and
 * the book's screen drawn from that book (book views are sent at most every `liveEveryMs`, so the
 * last one sent may trail the fold by one interval).
 */
async function caughtUp(client: Watched): Promise<void> {
  const [depth, trades, kline] = await Promise.all([
    api.get<{ version: number }>('/market/depth', { symbol }),
    api.get<{ trades: unknown[] }>('/market/trades', { symbol, limit: '1' }),
    api.get<{ candles: CandleRow[] }>('/market/kline', { symbol, period: '1m', limit: '1' }),
  ]);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  await until(() => {
    const view = client.latest();
    const book = view.books[symbol];
    return (
      book?.version === depth.body.data.version &&
      !book.gap &&
      same(client.books.at(-1), bookView(symbol, book, view.precisions, 'en')) &&
      same(view.trades[symbol]?.[0], trades.body.data.trades[0]) &&
      same(view.candles[`${symbol}.1m`]?.rows.at(-1), kline.body.data.candles[0])
    );
  }, 'the client to show what the server has');
}

/** How far the replay moved the capture's times: from the last trade the client shows. */
function shiftOf(view: ClientView): number {
  const shown = view.trades[symbol]?.[0];
  const last = captureTrades.filter((trade) => trade.symbol === symbol).at(-1);
  expect(shown?.slice(0, 3)).toEqual([last?.price, last?.quantity, last?.side]);
  return (shown?.[3] ?? 0) - (last?.ts ?? 0);
}

function expectFinalBook(client: Watched): void {
  const view = client.latest();
  const book = view.books[symbol];
  const want = expected.markets[symbol];
  expect({ bids: book?.bids.size, asks: book?.asks.size }).toEqual(want?.levels);
  // The screen's rows, best first, as the user reads them (without the grouping commas).
  const shown = client.books.at(-1);
  const top = (rows: BookView['bids'] | undefined) =>
    (rows ?? []).slice(0, 5).map(([price, quantity]) => [price, quantity].map(plain));
  expect({ bids: top(shown?.bids), asks: top(shown?.asks), resyncing: shown?.resyncing }).toEqual({
    ...want?.top,
    resyncing: false,
  });
}

const plain = (formatted: string) => formatted.replaceAll(',', '');

describe(`a replay of ${path.basename(captureFile)}`, () => {
  it('ends with the final book of the capture on the client', async () => {
    await caughtUp(clean);
    expectFinalBook(clean);
  });

  it("ends with the capture's one-minute candles on the client, moved by the replay's shift", async () => {
    await caughtUp(clean);
    const view = clean.latest();
    const shift = shiftOf(view);
    // Only a whole-minute shift keeps the capture's minute boundaries (see the fixture's README).
    expect(shift % 60_000, `the replay moved the capture by ${shift} ms`).toBe(0);
    const rows = view.candles[`${symbol}.1m`]?.rows ?? [];
    expect(rows).toEqual(
      (expected.candles1m[symbol] ?? []).map((candle) => [
        candle.t + shift,
        candle.open,
        candle.high,
        candle.low,
        candle.close,
        candle.volume,
      ]),
    );
  });

  it('never asks for a new snapshot when no diff was lost', async () => {
    const events = await clean.store.all();
    expect(events.filter((event) => event.type === 'book-resync')).toEqual([]);
  });
});

describe('a client that loses one depth diff', () => {
  it('notices the gap, shows the book as resyncing, and subscribes again', async () => {
    expect(lost, 'the lossy socket lost a diff before the replay ended').toBe(1);
    await caughtUp(lossy);
    const events: LoggedEvent[] = await lossy.store.all();
    const resyncs = events.filter(
      (event) => event.source === 'intent' && event.type === 'book-resync',
    );
    expect(resyncs.map((event) => event.payload)).toEqual([{ symbol }]);
    // When the worker asked, the book it showed was marked as resyncing.
    const atResync = viewAt(events, resyncs[0]?.seq);
    expect(bookView(symbol, atResync.books[symbol], atResync.precisions, 'en').resyncing).toBe(
      true,
    );
    const depthSubs = lossy.sent
      .map((text) => JSON.parse(text) as { op: string; channels?: string[] })
      .filter((frame) => frame.op === 'sub' && frame.channels?.includes(`depth.${symbol}`));
    expect(depthSubs.length).toBe(2);
  });

  it('ends with the same correct book', async () => {
    await caughtUp(lossy);
    expectFinalBook(lossy);
  });
});
