// The market socket at `/ws` as clients use it, over real connections to a server process: data
// frames and their sequence numbers, the depth protocol, the heartbeat, every refusal with its
// code and localized message, and the limits that keep one client from costing the server more
// than its share.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { compareDecimals } from '../../core/market/units.ts';
import { type CandleRow, type Level, tickerDataSchema } from '../../schemas/api/market.schema.ts';
import { depthDataSchema, klineDataSchema, tradesDataSchema } from '../../schemas/channel-data.ts';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import type { Language } from '../../schemas/languages.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import {
  dataFrameSchema,
  maxChannelsPerConnection,
  pongFrameSchema,
} from '../../schemas/socket.schema.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { type Frame, SocketClient } from '../support/socket-client.ts';

/** Every market the simulated feed knows, so a client can ask for more channels than it may hold. */
const symbols = knownMarkets.map((market) => market.symbol);
const periods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'];
const publicChannels = symbols.flatMap((symbol) => [
  `ticker.${symbol}`,
  `trades.${symbol}`,
  `depth.${symbol}`,
  ...periods.map((period) => `kline.${symbol}.${period}`),
]);

let server: ServerProcess;
let api: ApiClient;

/** A client of the server this file starts. */
const Client = {
  connect: (query = '') => SocketClient.connect(server.url, query),
};
type Client = SocketClient;

function errorFrame(
  name: ErrorName,
  language: Language = 'en',
  params: { channel?: string; count?: number } = {},
): Frame {
  const msg = catalogues[language].errors[name]
    .replace('{channel}', params.channel ?? '')
    .replace('{count}', String(params.count ?? ''));
  return {
    op: 'error',
    code: errorCodes[name],
    msg,
    ...(params.channel === undefined ? {} : { channel: params.channel }),
  };
}

/** An order book as a client keeps it: price → quantity, as the server wrote them. */
interface Book {
  version: number;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

function applyDepth(book: Book | undefined, frame: Frame): Book {
  const data = depthDataSchema.parse(frame.data);
  const seq = frame.seq as number;
  if (data.type === 'snapshot') {
    return { version: seq, bids: new Map(data.bids), asks: new Map(data.asks) };
  }
  if (!book) throw new Error('a diff came before any snapshot');
  expect(data.prev, 'a diff follows the version the book is at').toBe(book.version);
  const side = (levels: Map<string, string>, changes: Level[]) => {
    const next = new Map(levels);
    for (const [price, quantity] of changes) {
      if (/[1-9]/.test(quantity)) next.set(price, quantity);
      else next.delete(price);
    }
    return next;
  };
  return { version: seq, bids: side(book.bids, data.bids), asks: side(book.asks, data.asks) };
}

/** A side as rows, best first, for comparing with `/market/depth`. */
function rows(levels: Map<string, string>, descending: boolean): [string, string][] {
  return [...levels.entries()].sort(([a], [b]) =>
    descending ? compareDecimals(b, a) : compareDecimals(a, b),
  );
}

let heartbeat: Client;

beforeAll(async () => {
  // The feed's own book and trades: these tests need every channel busy from the start, and the
  // exchange's book only moves when someone trades (tests/integration/spot.test.ts covers it).
  server = await startServerProcess({
    SPOT_TRADING: 'false',
    MARKET_HISTORY_DAYS: '1',
    MARKETS: knownMarkets.map((market) => market.base).join(','),
  });
  api = new ApiClient(server.url);
  // The heartbeat comes every 15 s and is not a setting: this client listens from the start, so
  // the wait overlaps the other tests.
  heartbeat = await Client.connect();
  heartbeat.socket.on('message', (data) => {
    if (JSON.parse(data.toString()).op === 'pong') heartbeat.send({ op: 'ping' });
  });
});

afterAll(async () => {
  for (const client of SocketClient.open) client.close();
  await server?.stop();
});

describe('public channels', () => {
  const channels = ['ticker.BTCUSDT', 'trades.BTCUSDT', 'depth.BTCUSDT', 'kline.BTCUSDT.1m'];

  it('sends {channel, seq, ts, data} frames with a rising seq on every channel', async () => {
    const client = await Client.connect();
    client.subscribe(channels);
    await client.until(
      () => channels.every((channel) => client.on(channel).length >= 3),
      'three frames on each channel',
    );
    for (const channel of channels) {
      const frames = client.on(channel);
      for (const frame of frames) {
        expect(Object.keys(frame).sort()).toEqual(['channel', 'data', 'seq', 'ts']);
        dataFrameSchema.parse(frame);
      }
      const seqs = frames.map((frame) => frame.seq as number);
      expect(seqs, channel).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    }
    for (const frame of client.on('ticker.BTCUSDT')) tickerDataSchema.parse(frame.data);
    for (const frame of client.on('trades.BTCUSDT')) tradesDataSchema.parse(frame.data);
    expect(client.errors()).toEqual([]);
  });

  it('sends a depth snapshot first, then diffs that each follow the previous frame', async () => {
    const client = await Client.connect();
    client.subscribe(['depth.BTCUSDT']);
    await client.until(() => client.on('depth.BTCUSDT').length >= 4, 'a snapshot and three diffs');
    const frames = client.on('depth.BTCUSDT');
    const types = frames.map((frame) => depthDataSchema.parse(frame.data).type);
    expect(types).toEqual(['snapshot', ...types.slice(1).map(() => 'diff')]);
    frames.slice(1).forEach((frame, i) => {
      expect((frame.data as { prev: number }).prev).toBe(frames[i]?.seq);
    });
  });

  it('builds from the snapshot and diffs the book that /market/depth answers at that version', async () => {
    const client = await Client.connect();
    client.subscribe(['depth.ETHUSDT']);
    await client.until(() => client.on('depth.ETHUSDT').length >= 1, 'the snapshot');
    const answer = await api.get<{
      version: number;
      bids: [string, string][];
      asks: [string, string][];
    }>('/market/depth', { symbol: 'ETHUSDT', limit: '100' });
    expectOk(answer);
    const { version } = answer.body.data;
    await client.until(
      () => client.on('depth.ETHUSDT').some((frame) => (frame.seq as number) >= version),
      `version ${version} on the socket`,
    );
    let book: Book | undefined;
    for (const frame of client.on('depth.ETHUSDT')) {
      if ((frame.seq as number) > version) break;
      book = applyDepth(book, frame);
    }
    expect(book?.version).toBe(version);
    expect({
      bids: rows(book?.bids ?? new Map(), true),
      asks: rows(book?.asks ?? new Map(), false),
    }).toEqual({ bids: answer.body.data.bids, asks: answer.body.data.asks });
  });

  it('answers a second subscription with a fresh snapshot equal to the book the diffs built', async () => {
    const client = await Client.connect();
    client.subscribe(['depth.SOLUSDT']);
    await client.until(() => client.on('depth.SOLUSDT').length >= 3, 'a snapshot and two diffs');
    const resubscribedAt = client.frames.length;
    client.subscribe(['depth.SOLUSDT']);
    await client.until(
      () =>
        client
          .on('depth.SOLUSDT', resubscribedAt)
          .some((frame) => (frame.data as { type: string }).type === 'snapshot'),
      'the second snapshot',
    );
    let built: Book | undefined;
    for (const frame of client.on('depth.SOLUSDT')) {
      const isSnapshot = (frame.data as { type: string }).type === 'snapshot';
      if (isSnapshot && built) {
        // The fresh snapshot comes in stream order: the diffs before it brought the book to it.
        const fresh = applyDepth(undefined, frame);
        expect(fresh).toEqual(built);
        return;
      }
      built = applyDepth(built, frame);
    }
    throw new Error('no second snapshot');
  });

  it('sends whole candles on kline channels, the same ones /market/kline answers', async () => {
    const client = await Client.connect();
    client.subscribe(['kline.BTCUSDT.1m']);
    await client.until(() => client.on('kline.BTCUSDT.1m').length >= 3, 'three kline frames');
    const answer = await api.get<{ candles: CandleRow[] }>('/market/kline', {
      symbol: 'BTCUSDT',
      period: '1m',
      limit: '5',
    });
    const later = new Map(answer.body.data.candles.map((row) => [row[0], row]));
    const seen = new Map<number, CandleRow>();
    for (const frame of client.on('kline.BTCUSDT.1m')) {
      for (const row of klineDataSchema.parse(frame.data)) {
        const [t, open, high, low, close, volume] = row;
        expect(t % 60_000).toBe(0);
        expect(Number(low) <= Math.min(Number(open), Number(close))).toBe(true);
        expect(Number(high) >= Math.max(Number(open), Number(close))).toBe(true);
        // A later frame of the same minute carries the candle so far, never just what changed.
        const earlier = seen.get(t);
        if (earlier) {
          expect(open).toBe(earlier[1]);
          expect(Number(high)).toBeGreaterThanOrEqual(Number(earlier[2]));
          expect(Number(low)).toBeLessThanOrEqual(Number(earlier[3]));
          expect(Number(volume)).toBeGreaterThanOrEqual(Number(earlier[5]));
        }
        seen.set(t, row);
      }
    }
    const [t, row] = [...seen.entries()].at(-1) as [number, CandleRow];
    const rest = later.get(t);
    expect(rest, 'the REST answer has the minute the socket sent last').toBeDefined();
    expect(rest?.[1]).toBe(row[1]);
    expect(Number(rest?.[5])).toBeGreaterThanOrEqual(Number(row[5]));
  });

  it('stops sending a channel once it is unsubscribed', async () => {
    const client = await Client.connect();
    const watcher = await Client.connect();
    client.subscribe(channels);
    watcher.subscribe(['trades.BTCUSDT']);
    await client.until(() => client.on('trades.BTCUSDT').length >= 1, 'a trades frame');
    client.send({ op: 'unsub', channels });
    // Frames are handled in order: the answer to this one marks when the unsubscription was done.
    client.send({ op: 'dance' });
    await client.until(() => client.errors().length >= 1, 'the marker');
    const marker = client.frames.length;
    const watched = watcher.frames.length;
    await watcher.until(
      () => watcher.on('trades.BTCUSDT', watched).length >= 3,
      'three more trades frames to another client',
    );
    // The heartbeat may still come; data may not.
    expect(client.frames.slice(marker).filter((frame) => !frame.op)).toEqual([]);
  });
});

describe('refusals', () => {
  /** Sends one frame on a fresh connection and answers the error frames it got back. */
  async function refusalsOf(frame: unknown, count = 1, query = ''): Promise<Frame[]> {
    const client = await Client.connect(query);
    client.send(frame);
    await client.until(() => client.errors().length >= count, `${count} error frames`);
    return client.errors();
  }

  it('refuses malformed JSON', async () => {
    expect(await refusalsOf('{"op":"sub","channels":[')).toEqual([errorFrame('frame_invalid')]);
  });

  it('refuses an unknown op', async () => {
    expect(await refusalsOf({ op: 'dance' })).toEqual([errorFrame('frame_invalid')]);
  });

  it('refuses an unknown channel, naming it', async () => {
    expect(await refusalsOf({ op: 'sub', channels: ['weather.BTCUSDT'] })).toEqual([
      errorFrame('channel_unknown', 'en', { channel: 'weather.BTCUSDT' }),
    ]);
  });

  it('refuses a channel of a market that is not listed, naming it', async () => {
    expect(
      await refusalsOf({ op: 'sub', channels: ['ticker.FOOUSDT', 'kline.FOOUSDT.1m'] }, 2),
    ).toEqual([
      errorFrame('channel_unknown', 'en', { channel: 'ticker.FOOUSDT' }),
      errorFrame('channel_unknown', 'en', { channel: 'kline.FOOUSDT.1m' }),
    ]);
  });

  it('refuses a frame over 4 KiB', async () => {
    const frame = JSON.stringify({ op: 'ping', pad: 'x'.repeat(4200) });
    expect(await refusalsOf(frame)).toEqual([errorFrame('frame_too_large')]);
  });

  it('refuses private channels before auth, with code 999, and after a bad token', async () => {
    expect(await refusalsOf({ op: 'sub', channels: ['orders', 'balances'] }, 2)).toEqual([
      { ...errorFrame('session_expired'), channel: 'orders' },
      { ...errorFrame('session_expired'), channel: 'balances' },
    ]);
    expect(await refusalsOf({ op: 'auth', token: 'not-a-session' })).toEqual([
      errorFrame('session_expired'),
    ]);
  });

  it(`holds at most ${maxChannelsPerConnection} channels and refuses the rest`, async () => {
    expect(publicChannels.length).toBeGreaterThan(maxChannelsPerConnection);
    const client = await Client.connect();
    client.subscribe(publicChannels);
    const over = publicChannels.slice(maxChannelsPerConnection);
    await client.until(() => client.errors().length >= over.length, 'a refusal per extra channel');
    expect(client.errors()).toEqual(
      over.map((channel) => ({
        ...errorFrame('too_many_channels', 'en', { count: maxChannelsPerConnection }),
        channel,
      })),
    );
    // The held channels keep flowing.
    const held = client.frames.length;
    await client.until(
      () => client.on('trades.BTCUSDT', held).length >= 1,
      'a frame on a held channel',
    );
  });

  it('refuses a flood of messages and then closes the connection', async () => {
    const client = await Client.connect();
    // Twice the burst: about half are refused, not yet enough refusals to be closed.
    for (let i = 0; i < 60; i++) client.send({ op: 'ping' });
    await client.until(() => client.errors().length >= 20, 'refusals of the flood');
    expect(new Set(client.errors().map((frame) => JSON.stringify(frame)))).toEqual(
      new Set([JSON.stringify(errorFrame('too_many_messages'))]),
    );
    expect(client.isClosed).toBe(false);
    for (let i = 0; i < 200 && client.socket.readyState === WebSocket.OPEN; i++) {
      client.send({ op: 'ping' });
    }
    await client.closed;
  });

  it('speaks the language of ?lang=', async () => {
    expect(await refusalsOf('nonsense', 1, '?lang=he')).toEqual([
      errorFrame('frame_invalid', 'he'),
    ]);
    expect(await refusalsOf({ op: 'sub', channels: ['depth.FOOUSDT'] }, 1, '?lang=he')).toEqual([
      errorFrame('channel_unknown', 'he', { channel: 'depth.FOOUSDT' }),
    ]);
    expect(await refusalsOf({ op: 'sub', channels: ['orders'] }, 1, '?lang=de')).toEqual([
      { ...errorFrame('session_expired', 'de'), channel: 'orders' },
    ]);
  });

  it('keeps serving other clients after all of that', async () => {
    const client = await Client.connect();
    client.subscribe(['ticker.ETHUSDT', 'trades.ETHUSDT']);
    await client.until(
      () => client.on('ticker.ETHUSDT').length >= 1 && client.on('trades.ETHUSDT').length >= 1,
      'ticker and trades',
    );
    expect(client.errors()).toEqual([]);
    expectOk(await api.get('/market/depth', { symbol: 'ETHUSDT' }));
  });
});

describe('a client that stops reading', () => {
  const isDepth = (channel: string) => channel.startsWith('depth.');
  /** Every depth channel among them: their snapshots are what fills a backlog fastest. */
  const held = [
    ...publicChannels.filter(isDepth),
    ...publicChannels.filter((channel) => !isDepth(channel)),
  ].slice(0, maxChannelsPerConnection);
  /**
   * A snapshot of every depth channel per frame: subscribing again to a held channel answers one
   * (once per frame, however often the frame names it).
   */
  const snapshots = held.filter(isDepth);

  /**
   * Subscribes to everything a connection may hold, then keeps asking for snapshots, so the
   * backlog grows in tens of seconds instead of minutes; the pace stays within the message rate
   * limit. The kernel's buffers (megabytes on loopback) fill before the server's backlog does.
   */
  async function busyClient(): Promise<{ client: Client; stop(): void }> {
    const client = await Client.connect();
    client.subscribe(held);
    await client.until(() => client.frames.length >= 10, 'the first frames');
    const pump = setInterval(() => {
      if (client.socket.readyState === WebSocket.OPEN)
        client.send({ op: 'sub', channels: snapshots });
    }, 100);
    return { client, stop: () => clearInterval(pump) };
  }

  it('is disconnected once its backlog passes the limit; a client that reads the same is not', async () => {
    const slow = await busyClient();
    const reader = await busyClient();
    // `ws` exposes no pause: stop reading from the TCP socket, as a stalled phone would.
    (slow.client.socket as unknown as { _socket: Socket })._socket.pause();
    try {
      await Promise.race([
        slow.client.closed,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the stalled client was never disconnected')), 150_000),
        ),
      ]);
    } finally {
      slow.stop();
      reader.stop();
    }
    expect(slow.client.isClosed).toBe(true);
    // Same subscriptions, same requests: only not reading got the other one dropped.
    expect(reader.client.isClosed).toBe(false);
    expect(reader.client.errors()).toEqual([]);

    const other = await Client.connect();
    other.subscribe(['trades.BTCUSDT']);
    await other.until(() => other.on('trades.BTCUSDT').length >= 1, 'trades after the drop');
  }, 180_000);
});

describe('heartbeat', () => {
  it('sends {op: "pong", ts} to a connected client', async () => {
    await heartbeat.until(
      (frames) => frames.some((frame) => frame.op === 'pong'),
      'a pong',
      30_000,
    );
    const pong = heartbeat.frames.find((frame) => frame.op === 'pong');
    expect(pongFrameSchema.parse(pong)).toEqual(pong);
    expect(Object.keys(pong ?? {}).sort()).toEqual(['op', 'ts']);
    expect(heartbeat.isClosed).toBe(false);
  }, 40_000);
});
