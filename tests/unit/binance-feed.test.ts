// The Binance adapter against a local stand-in for Binance (a real WebSocket and HTTP server on a
// free port) replaying the recorded fixture; time is simulated, so backoff and silence are stepped.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TimerHandle } from '../../core/scheduler.ts';
import type { FeedLevel, FeedListener, MarketFeed } from '../../server/market/feed.ts';
import { Backoff } from '../../server/market/feeds/backoff.ts';
import { DepthSync } from '../../server/market/feeds/binance-depth-sync.ts';
import { binanceDefaults, binanceFeed } from '../../server/market/feeds/binance-feed.ts';
import type { FeedLogger } from '../../server/market/feeds/feed-logger.ts';
import fixture from '../fixtures/market/binance-fixture.json' with { type: 'json' };
import { FakeScheduler } from '../support/fake-scheduler.ts';

const streamLines = readFileSync(
  path.resolve(import.meta.dirname, '../fixtures/market/binance-stream.ndjson'),
  'utf8',
)
  .trimEnd()
  .split('\n');

const symbols = ['BTCUSDT', 'ETHUSDT'] as const;
type Snapshot = (typeof fixture.snapshots.BTCUSDT)['initial'];

/** Something a test waits for: re-checked whenever the watched thing changes. */
class Watch {
  readonly #waiters = new Set<() => void>();

  changed(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  until(condition: () => boolean): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = () => {
        if (!condition()) return;
        this.#waiters.delete(waiter);
        resolve();
      };
      this.#waiters.add(waiter);
    });
  }
}

/** Binance as the adapter sees it: the combined stream and the REST depth endpoint. */
class LocalBinance {
  readonly watch = new Watch();
  readonly sockets: WebSocket[] = [];
  readonly streamPaths: string[] = [];
  readonly snapshotRequests: string[] = [];
  readonly pongs: number[] = [];
  /** Per symbol, what the next depth requests answer: a snapshot, or an HTTP status. */
  readonly snapshots = new Map<string, (Snapshot | number)[]>();
  refuse = false;
  onConnection: (socket: WebSocket, index: number) => void = () => {};
  readonly #http: Server;
  readonly #wss: WebSocketServer;

  private constructor() {
    this.#http = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      const symbol = url.searchParams.get('symbol') ?? '';
      if (url.pathname !== '/api/v3/depth' || url.searchParams.get('limit') !== '1000') {
        response.writeHead(404).end();
        return;
      }
      this.snapshotRequests.push(symbol);
      const next = this.snapshots.get(symbol)?.shift();
      if (next === undefined || typeof next === 'number') {
        response.writeHead(next ?? 500).end('{"code":-1,"msg":"unavailable"}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(next));
      }
      this.watch.changed();
    });
    this.#wss = new WebSocketServer({
      server: this.#http,
      verifyClient: () => !this.refuse,
    });
    this.#wss.on('connection', (socket, request) => {
      this.sockets.push(socket);
      this.streamPaths.push(request.url ?? '');
      socket.on('pong', () => {
        this.pongs.push(this.sockets.indexOf(socket));
        this.watch.changed();
      });
      socket.on('close', () => this.watch.changed());
      this.onConnection(socket, this.sockets.length - 1);
      this.watch.changed();
    });
  }

  static async start(): Promise<LocalBinance> {
    const binance = new LocalBinance();
    await new Promise<void>((resolve) => binance.#http.listen(0, '127.0.0.1', resolve));
    return binance;
  }

  get url(): string {
    const { port } = this.#http.address() as AddressInfo;
    return `127.0.0.1:${port}`;
  }

  serve(scenario: Record<string, (Snapshot | number)[]>): void {
    for (const [symbol, answers] of Object.entries(scenario)) this.snapshots.set(symbol, answers);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.#wss.close();
    this.#http.closeAllConnections();
    await new Promise((resolve) => this.#http.close(resolve));
  }
}

type Depth = {
  symbol: string;
  type: 'snapshot' | 'update';
  bids: readonly FeedLevel[];
  asks: readonly FeedLevel[];
  ts: number;
};
type Trade = { symbol: string; price: string; quantity: string; side: string; ts: number };

function recorder() {
  const watch = new Watch();
  const seen = {
    watch,
    prices: [] as { symbol: string; price: string; ts: number }[],
    trades: [] as Trade[],
    depth: [] as Depth[],
    status: [] as { connected: boolean; detail: string }[],
  };
  const listener: FeedListener = {
    price: (symbol, price, ts) => {
      seen.prices.push({ symbol, price, ts });
      watch.changed();
    },
    trade: (symbol, price, quantity, side, ts) => {
      seen.trades.push({ symbol, price, quantity, side, ts });
      watch.changed();
    },
    depth: (symbol, type, bids, asks, ts) => {
      seen.depth.push({ symbol, type, bids, asks, ts });
      watch.changed();
    },
    status: (connected, detail) => {
      seen.status.push({ connected, detail });
      watch.changed();
    },
  };
  const updated = (symbol: string, ts: number) => () =>
    seen.depth.some((d) => d.symbol === symbol && d.type === 'update' && d.ts === ts);
  return { ...seen, listener, updated };
}

function logs() {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const logger: FeedLogger = {
    info: (fields, message) => lines.push({ level: 'info', message, fields }),
    warn: (fields, message) => lines.push({ level: 'warn', message, fields }),
    error: (fields, message) => lines.push({ level: 'error', message, fields }),
  };
  return { lines, logger };
}

/** The order books as a listener builds them: a snapshot replaces, an update sets or removes. */
function booksOf(depth: readonly Depth[]) {
  const books = new Map<string, { bids: Map<string, string>; asks: Map<string, string> }>();
  for (const event of depth) {
    const book =
      event.type === 'snapshot'
        ? { bids: new Map<string, string>(), asks: new Map<string, string>() }
        : books.get(event.symbol);
    if (!book) throw new Error(`an update for ${event.symbol} before its snapshot`);
    for (const [side, levels] of [
      [book.bids, event.bids],
      [book.asks, event.asks],
    ] as const) {
      for (const [price, quantity] of levels) {
        if (Number(quantity) === 0) side.delete(price);
        else side.set(price, quantity);
      }
    }
    books.set(event.symbol, book);
  }
  const rows = (levels: Map<string, string>, descending: boolean) =>
    [...levels.entries()].sort((a, b) => (Number(a[0]) - Number(b[0])) * (descending ? -1 : 1));
  return (symbol: string) => {
    const book = books.get(symbol);
    return book ? { bids: rows(book.bids, true), asks: rows(book.asks, false) } : undefined;
  };
}

const trim = (decimal: string) => decimal.replace(/0+$/, '').replace(/\.$/, '');
const trimmed = (levels: readonly (readonly string[])[]) =>
  levels.map(([price = '', quantity = '']) => [trim(price), trim(quantity)]);

interface StreamEvent {
  e: string;
  E: number;
  s: string;
  U: number;
  u: number;
  p: string;
  q: string;
  T: number;
  m: boolean;
}
const events = streamLines.map((line) => (JSON.parse(line) as { data: StreamEvent }).data);
const diffsOf = (symbol: string) => events.filter((e) => e.e === 'depthUpdate' && e.s === symbol);

let server: LocalBinance | undefined;
let feed: MarketFeed | undefined;
afterEach(async () => {
  await feed?.stop();
  feed = undefined;
  await server?.close();
  server = undefined;
});

function startFeed(
  server: LocalBinance,
  scheduler: FakeScheduler,
  logger: FeedLogger,
  listener: FeedListener,
) {
  feed = binanceFeed({
    symbols,
    wsUrl: `ws://${server.url}`,
    restUrl: `http://${server.url}`,
    scheduler,
    logger,
  });
  return feed.start(listener);
}

describe('binanceFeed on the recorded fixture', () => {
  let seen: ReturnType<typeof recorder>;
  let log: ReturnType<typeof logs>;
  let streamPath: string;
  let wsUrl: string;
  let requests: string[];
  const snapshotTime = 1_700_000_000_000;

  // One run of the whole fixture; the tests below look at different parts of what it reported.
  beforeAll(async () => {
    const binance = await LocalBinance.start();
    wsUrl = `ws://${binance.url}`;
    binance.serve({
      BTCUSDT: [fixture.snapshots.BTCUSDT.initial, fixture.snapshots.BTCUSDT.resync],
      ETHUSDT: [fixture.snapshots.ETHUSDT.initial],
    });
    binance.onConnection = (socket) => {
      for (const line of streamLines) socket.send(line);
    };
    seen = recorder();
    log = logs();
    const run = binanceFeed({
      symbols,
      wsUrl,
      restUrl: `http://${binance.url}`,
      scheduler: new FakeScheduler(snapshotTime),
      logger: log.logger,
    });
    await run.start(seen.listener);
    await seen.watch.until(
      () =>
        seen.updated('BTCUSDT', fixture.expected.applied.BTCUSDT.at(-1) ?? 0)() &&
        seen.updated('ETHUSDT', fixture.expected.applied.ETHUSDT.at(-1) ?? 0)(),
    );
    await run.stop();
    streamPath = binance.streamPaths[0] ?? '';
    requests = [...binance.snapshotRequests];
    await binance.close();
  });

  it('subscribes to the trade and 100 ms depth streams of every symbol on one connection', () => {
    expect(streamPath).toBe(
      '/stream?streams=btcusdt@trade/btcusdt@depth@100ms/ethusdt@trade/ethusdt@depth@100ms',
    );
    expect(seen.status).toEqual([{ connected: true, detail: `connected to ${wsUrl}` }]);
  });

  it('reports every trade with the taker side, and its price as the last price', () => {
    const trades = events
      .filter((e) => e.e === 'trade')
      .map((e) => ({
        symbol: e.s,
        price: trim(e.p),
        quantity: trim(e.q),
        side: e.m ? 'sell' : 'buy',
        ts: e.T,
      }));
    expect(seen.trades).toEqual(trades);
    expect(seen.prices).toEqual(trades.map(({ symbol, price, ts }) => ({ symbol, price, ts })));
    for (const symbol of symbols) {
      const expected = fixture.expected.trades[symbol];
      expect(seen.trades.filter((t) => t.symbol === symbol)).toHaveLength(expected.count);
      expect(seen.prices.filter((p) => p.symbol === symbol).at(-1)?.price).toBe(expected.last);
    }
  });

  it('drops the diffs a snapshot already holds; the first applied one straddles it', () => {
    for (const symbol of symbols) {
      const depth = seen.depth.filter((d) => d.symbol === symbol);
      const { initial } = fixture.snapshots[symbol];
      expect(depth[0]).toEqual({
        symbol,
        type: 'snapshot',
        bids: trimmed(initial.bids),
        asks: trimmed(initial.asks),
        ts: snapshotTime,
      });
      const diffs = diffsOf(symbol);
      const firstApplied = diffs.find((d) => d.u > initial.lastUpdateId);
      expect(firstApplied).toBeDefined();
      expect(firstApplied?.U).toBeLessThanOrEqual(initial.lastUpdateId + 1);
      expect(depth[1]).toMatchObject({ type: 'update', ts: firstApplied?.E });
      const dropped = diffs.filter((d) => d.u <= initial.lastUpdateId).map((d) => d.E);
      expect(dropped.length).toBeGreaterThan(0);
      expect(depth.filter((d) => dropped.includes(d.ts))).toEqual([]);
    }
  });

  it('notices the gap in the BTCUSDT diffs and fetches the book again by itself', () => {
    const diffs = diffsOf('BTCUSDT');
    const gapAt = diffs.findIndex((d, i) => i > 0 && d.U !== (diffs[i - 1]?.u ?? 0) + 1);
    expect(diffs[gapAt]?.U).toBe(fixture.gap.nextU);
    const lastBefore = diffs[gapAt - 1];
    expect(lastBefore?.u).toBe(fixture.gap.lastBefore);

    const depth = seen.depth.filter((d) => d.symbol === 'BTCUSDT');
    const types = depth.map((d) => d.type);
    const resync = types.lastIndexOf('snapshot');
    expect(types.filter((t) => t === 'snapshot')).toHaveLength(2);
    expect(depth[resync - 1]?.ts).toBe(lastBefore?.E);
    expect(depth[resync]).toMatchObject({
      bids: trimmed(fixture.snapshots.BTCUSDT.resync.bids),
      asks: trimmed(fixture.snapshots.BTCUSDT.resync.asks),
    });
    expect(requests.filter((s) => s === 'BTCUSDT')).toHaveLength(2);
    expect(requests.filter((s) => s === 'ETHUSDT')).toHaveLength(1);
    expect(log.lines.some((l) => l.level === 'warn' && /gap/.test(l.message))).toBe(true);
  });

  it('applies exactly the diffs the procedure allows and ends with the true books', () => {
    for (const symbol of symbols) {
      const updates = seen.depth.filter((d) => d.symbol === symbol && d.type === 'update');
      expect(updates.map((d) => d.ts)).toEqual(fixture.expected.applied[symbol]);
      expect(booksOf(seen.depth)(symbol)).toEqual(fixture.expected.books[symbol]);
    }
  });
});

describe('binanceFeed keeps going', () => {
  it('skips and logs malformed messages, and the books still come out right', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    binance.serve({
      BTCUSDT: [fixture.snapshots.BTCUSDT.initial, fixture.snapshots.BTCUSDT.resync],
      ETHUSDT: [fixture.snapshots.ETHUSDT.initial],
    });
    const junk: (string | Buffer)[] = [
      'not json {',
      '{"stream":"btcusdt@trade","data":{"e":"trade","s":"BTCUSDT","p":97000}}',
      '{"result":null,"id":1}',
      '{"stream":"btcusdt@depth@100ms","data":{"e":"depthUpdate","E":1,"s":"BTCUSDT","U":"7"}}',
      '{"stream":"btcusdt@trade","data":{"e":"trade","E":1,"s":"BTCUSDT","t":1,"p":"1e5","q":"1","T":1,"m":true}}',
      '{"stream":"xrpusdt@trade","data":{"e":"trade","E":1,"s":"XRPUSDT","t":1,"p":"2.2","q":"10","T":1,"m":true}}',
      Buffer.from([0xff, 0x00, 0x13]),
      '[]',
    ];
    binance.onConnection = (socket) => {
      streamLines.forEach((line, index) => {
        if (index % 30 === 5) socket.send(junk[Math.floor(index / 30) % junk.length] ?? 'null');
        socket.send(line);
      });
    };
    const seen = recorder();
    const log = logs();
    await startFeed(binance, new FakeScheduler(), log.logger, seen.listener);
    await seen.watch.until(
      () =>
        seen.updated('BTCUSDT', fixture.expected.applied.BTCUSDT.at(-1) ?? 0)() &&
        seen.updated('ETHUSDT', fixture.expected.applied.ETHUSDT.at(-1) ?? 0)(),
    );

    for (const symbol of symbols) {
      expect(booksOf(seen.depth)(symbol)).toEqual(fixture.expected.books[symbol]);
      const trades = seen.trades.filter((t) => t.symbol === symbol);
      expect(trades).toHaveLength(fixture.expected.trades[symbol].count);
    }
    expect(seen.trades.some((t) => t.symbol === 'XRPUSDT')).toBe(false);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'binance message skipped' }),
    );
    expect(seen.status.filter((s) => !s.connected)).toEqual([]);
  });

  it('reconnects after the server closes the connection, and fetches every book again', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    const { BTCUSDT, ETHUSDT } = fixture.snapshots;
    binance.serve({
      BTCUSDT: [BTCUSDT.initial, BTCUSDT.resync, BTCUSDT.reconnect],
      ETHUSDT: [ETHUSDT.initial, ETHUSDT.reconnect],
    });
    const { resumeLine, lastApplied, appliedAfter } = fixture.reconnect;
    binance.onConnection = (socket, index) => {
      const lines = index === 0 ? streamLines.slice(0, resumeLine) : streamLines.slice(resumeLine);
      for (const line of lines) socket.send(line);
    };
    const scheduler = new FakeScheduler();
    const seen = recorder();
    await startFeed(binance, scheduler, logs().logger, seen.listener);
    await seen.watch.until(
      () =>
        seen.updated('BTCUSDT', lastApplied.BTCUSDT)() &&
        seen.updated('ETHUSDT', lastApplied.ETHUSDT)(),
    );
    const before = seen.depth.length;

    binance.sockets[0]?.close(1001, 'going away');
    await seen.watch.until(() => seen.status.some((s) => !s.connected));
    expect(seen.status.at(-1)?.detail).toMatch(/closed \(1001 going away\)/);
    scheduler.advance(1000); // the first backoff
    await binance.watch.until(() => binance.sockets.length === 2);
    await seen.watch.until(
      () =>
        seen.updated('BTCUSDT', appliedAfter.BTCUSDT.at(-1) ?? 0)() &&
        seen.updated('ETHUSDT', appliedAfter.ETHUSDT.at(-1) ?? 0)(),
    );

    expect(seen.status.map((s) => s.connected)).toEqual([true, false, true]);
    for (const symbol of symbols) {
      const after = seen.depth.slice(before).filter((d) => d.symbol === symbol);
      expect(after[0]).toMatchObject({
        type: 'snapshot',
        bids: trimmed(fixture.snapshots[symbol].reconnect.bids),
      });
      expect(after.slice(1).map((d) => d.ts)).toEqual(appliedAfter[symbol]);
      expect(booksOf(seen.depth)(symbol)).toEqual(fixture.expected.books[symbol]);
    }
    expect(binance.snapshotRequests.filter((s) => s === 'BTCUSDT')).toHaveLength(3);
    expect(binance.snapshotRequests.filter((s) => s === 'ETHUSDT')).toHaveLength(2);
  });

  it('drops a connection that goes silent and opens a new one', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    const scheduler = new FakeScheduler();
    const seen = recorder();
    await startFeed(binance, scheduler, logs().logger, seen.listener);
    await seen.watch.until(() => seen.status.length === 1);

    scheduler.advance(binanceDefaults.silenceMs - 1);
    expect(seen.status).toHaveLength(1);
    scheduler.advance(1);
    expect(seen.status.at(-1)).toMatchObject({ connected: false });
    expect(seen.status.at(-1)?.detail).toMatch(/no message for 30 s/);
    await binance.watch.until(() => binance.sockets[0]?.readyState === 3);

    scheduler.advance(1000);
    await binance.watch.until(() => binance.sockets.length === 2);
    await seen.watch.until(() => seen.status.length === 3);
    expect(seen.status.at(-1)).toMatchObject({ connected: true });
  });

  it('counts pings as signs of life on a quiet stream', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    const scheduler = new FakeScheduler();
    const seen = recorder();
    await startFeed(binance, scheduler, logs().logger, seen.listener);
    await seen.watch.until(() => seen.status.length === 1);

    for (let ping = 1; ping <= 6; ping += 1) {
      scheduler.advance(20_000);
      binance.sockets[0]?.ping();
      await binance.watch.until(() => binance.pongs.length === ping);
    }
    expect(seen.status).toEqual([expect.objectContaining({ connected: true })]);
    expect(binance.sockets).toHaveLength(1);
  });

  it('waits longer after each failed attempt, up to 30 s, and starts over after a healthy minute', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    binance.refuse = true;
    const delays: number[] = [];
    const scheduler = new (class extends FakeScheduler {
      override setTimeout(run: () => void, ms: number): TimerHandle {
        delays.push(ms);
        return super.setTimeout(run, ms);
      }
    })();
    const seen = recorder();
    const failures = () => seen.status.filter((s) => !s.connected).length;
    await startFeed(binance, scheduler, logs().logger, seen.listener);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await seen.watch.until(() => failures() === attempt);
      scheduler.advance(delays.at(-1) ?? 0);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    binance.refuse = false;
    await seen.watch.until(() => seen.status.at(-1)?.connected === true);
    for (let ping = 1; ping <= 3; ping += 1) {
      scheduler.advance(20_000);
      binance.sockets[0]?.ping();
      await binance.watch.until(() => binance.pongs.length === ping);
    }
    binance.sockets[0]?.close(1001, 'going away');
    await seen.watch.until(() => failures() === 8);
    expect(delays.at(-1)).toBe(1000);
  });

  it('retries a failed snapshot after a pause', async () => {
    const binance = await LocalBinance.start();
    server = binance;
    binance.serve({
      BTCUSDT: [503, fixture.snapshots.BTCUSDT.initial, fixture.snapshots.BTCUSDT.resync],
      ETHUSDT: [fixture.snapshots.ETHUSDT.initial],
    });
    binance.onConnection = (socket) => {
      for (const line of streamLines) socket.send(line);
    };
    const scheduler = new FakeScheduler();
    const seen = recorder();
    const log = logs();
    await startFeed(binance, scheduler, log.logger, seen.listener);
    await binance.watch.until(() => binance.snapshotRequests.length === 2);
    await seen.watch.until(() => seen.depth.some((d) => d.symbol === 'ETHUSDT'));
    expect(seen.depth.some((d) => d.symbol === 'BTCUSDT')).toBe(false);
    await waitForLog(log, /snapshot retry/);

    scheduler.advance(1000);
    await seen.watch.until(seen.updated('BTCUSDT', fixture.expected.applied.BTCUSDT.at(-1) ?? 0));
    expect(booksOf(seen.depth)('BTCUSDT')).toEqual(fixture.expected.books.BTCUSDT);
  });
});

async function waitForLog(log: ReturnType<typeof logs>, message: RegExp): Promise<void> {
  for (let turn = 0; turn < 10_000; turn += 1) {
    if (log.lines.some((line) => message.test(line.message))) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never logged ${message}`);
}

describe('DepthSync', () => {
  const diff = (U: number, u: number) => ({ U, u });

  it('buffers until the snapshot, drops what it holds, and applies the straddling diff on', () => {
    const sync = new DepthSync<{ U: number; u: number }>();
    expect(sync.offer(diff(98, 100))).toBe('buffer');
    expect(sync.offer(diff(101, 104))).toBe('buffer');
    expect(sync.offer(diff(105, 105))).toBe('buffer');
    expect(sync.accept(102)).toEqual({ result: 'synced', apply: [diff(101, 104), diff(105, 105)] });
    expect(sync.offer(diff(106, 110))).toBe('apply');
    expect(sync.offer(diff(101, 103))).toBe('stale');
    expect(sync.lastUpdateId).toBe(110);
  });

  it('calls a jump in update ids a gap and waits for a new snapshot', () => {
    const sync = new DepthSync<{ U: number; u: number }>();
    sync.offer(diff(10, 12));
    sync.accept(12);
    expect(sync.offer(diff(15, 16))).toBe('gap');
    expect(sync.synced).toBe(false);
    expect(sync.offer(diff(17, 18))).toBe('buffer');
    expect(sync.accept(16)).toEqual({ result: 'synced', apply: [diff(17, 18)] });
  });

  it('refuses a snapshot older than the first buffered diff', () => {
    const sync = new DepthSync<{ U: number; u: number }>();
    sync.offer(diff(50, 60));
    expect(sync.accept(40)).toEqual({ result: 'too-old' });
    expect(sync.accept(55)).toEqual({ result: 'synced', apply: [diff(50, 60)] });
  });

  it('reports a gap inside the buffer after what could be applied', () => {
    const sync = new DepthSync<{ U: number; u: number }>();
    for (const d of [diff(1, 5), diff(6, 9), diff(12, 14)]) sync.offer(d);
    expect(sync.accept(4)).toEqual({ result: 'gap', apply: [diff(1, 5), diff(6, 9)] });
    expect(sync.accept(13)).toEqual({ result: 'synced', apply: [diff(12, 14)] });
  });

  it('keeps a bounded buffer while the snapshot takes its time', () => {
    const sync = new DepthSync<{ U: number; u: number }>(3);
    for (let id = 1; id <= 10; id += 1) sync.offer(diff(id, id));
    expect(sync.accept(0)).toEqual({ result: 'too-old' });
    expect(sync.accept(7)).toEqual({
      result: 'synced',
      apply: [diff(8, 8), diff(9, 9), diff(10, 10)],
    });
  });
});

describe('Backoff', () => {
  it('doubles from 1 s to 30 s, and starts over after a connection that lived a minute', () => {
    const backoff = new Backoff();
    expect(Array.from({ length: 7 }, () => backoff.lostAfter(5_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(backoff.lostAfter(59_999)).toBe(30_000);
    expect(backoff.lostAfter(60_000)).toBe(1000);
    expect(backoff.lostAfter(0)).toBe(2000);
  });
});
