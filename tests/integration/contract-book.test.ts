// A perpetual's own book in public and a trader's contract orders in private: the public
// `contract-depth` channel (a snapshot, then diffs that each follow the last) and `/contract/depth`
// agree with the engine's book after every change, `contract-trades` and `/contract/trades` show
// its fills, the spot book of the same pair never shows a contract order, and `contract-orders`
// tells each owner, and only the owner, how their order stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { Level, TradeRow } from '../../schemas/api/market.schema.ts';
import type { DepthData } from '../../schemas/channel-data.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectError, ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { type Frame, SocketClient } from '../support/socket-client.ts';

const feed = new ManualFeed();
let server: InProcessServer;
let keepFresh: ReturnType<typeof setInterval> | undefined;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', '100000');
  server = await startInProcessServer(systemClock, { LIQUIDITY_PROVIDER: 'false' }, undefined, {
    feeds: [feed],
  });
  // A fresh index lets orders open; printed throughout, so no step waits on the feed.
  keepFresh = setInterval(() => feed.print('BTCUSDT', '100000'), 250);
}, 120_000);
afterAll(async () => {
  clearInterval(keepFresh);
  for (const socket of SocketClient.open) socket.close();
  await server?.stop();
});

const call = <T>(trader: SeededTrader, path: string, body: Record<string, string>) =>
  client().post<T>(path, body, {
    token: trader.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

const terms = { symbol: 'BTCUSDT', leverage: '10', margin_mode: 'cross' };

/** A book as `price → quantity` by numbers, so `100000.00` and `100000` are one level. */
type Book = { bids: Map<number, number>; asks: Map<number, number> };

function applied(side: Map<number, number>, levels: readonly Level[]): void {
  for (const [price, quantity] of levels) {
    if (Number(quantity) === 0) side.delete(Number(price));
    else side.set(Number(price), Number(quantity));
  }
}

/** The book a client holds after these frames: a snapshot, then diffs that each follow the last. */
function heldBook(frames: readonly Frame[]): { book: Book; version: number } {
  const book: Book = { bids: new Map(), asks: new Map() };
  let version = -1;
  for (const frame of frames) {
    const data = frame.data as DepthData;
    if (data.type === 'snapshot') {
      book.bids.clear();
      book.asks.clear();
    } else {
      expect(data.prev).toBe(version);
    }
    applied(book.bids, data.bids);
    applied(book.asks, data.asks);
    version = frame.seq ?? -1;
  }
  return { book, version };
}

async function restBook(): Promise<{ book: Book; version: number }> {
  const answer = ok(
    await client().get<{ version: number; bids: Level[]; asks: Level[] }>('/contract/depth', {
      symbol: 'BTCUSDT',
      limit: '100',
    }),
  );
  const book: Book = { bids: new Map(), asks: new Map() };
  applied(book.bids, answer.bids);
  applied(book.asks, answer.asks);
  return { book, version: answer.version };
}

/**
 * Waits until the published book shows `done` (it is published on the next tick, up to 100 ms
 * after the commit), then until the channel's book reaches that version, and compares the two.
 */
async function expectBooksAgree(
  socket: SocketClient,
  done: (book: Book) => boolean,
): Promise<void> {
  const rest = await until(restBook, ({ book }) => done(book));
  await socket.until(
    () => heldBook(socket.on('contract-depth.BTCUSDT')).version >= rest.version,
    `the channel's book at version ${rest.version}`,
  );
  const held = heldBook(socket.on('contract-depth.BTCUSDT'));
  expect(held.version).toBe(rest.version);
  expect(held.book).toEqual(rest.book);
}

const ordersOf = (socket: SocketClient) =>
  socket.on('contract-orders').flatMap((frame) => frame.data as ContractOrder[]);

describe("a perpetual's own book", () => {
  it('is published as it changes, with its trades, and each owner hears of their orders', async () => {
    const [maker, taker] = await seedTraders(server.db, 2, 10_000n * 100_000_000n);
    if (!maker || !taker) throw new Error('no traders');
    const [market, makerSocket, takerSocket] = await Promise.all([
      SocketClient.connect(server.url),
      SocketClient.connect(server.url),
      SocketClient.connect(server.url),
    ]);
    market.subscribe(['contract-depth.BTCUSDT', 'contract-trades.BTCUSDT', 'depth.BTCUSDT']);
    makerSocket.send({ op: 'auth', token: maker.token });
    makerSocket.subscribe(['contract-orders']);
    takerSocket.send({ op: 'auth', token: taker.token });
    takerSocket.subscribe(['contract-orders']);
    await market.until(
      () => market.on('contract-depth.BTCUSDT').length > 0 && market.on('depth.BTCUSDT').length > 0,
      'both snapshots',
    );
    expect(market.on('contract-depth.BTCUSDT')[0]?.data).toMatchObject({ type: 'snapshot' });

    const bid = ok(
      await call<ContractOrder>(maker, '/contract/open', {
        ...terms,
        direction: 'long',
        type: 'limit',
        price: '99950',
        quantity: '0.02',
      }),
    );
    await expectBooksAgree(market, (book) => book.bids.get(99_950) === 0.02);
    await makerSocket.until(() => ordersOf(makerSocket).length > 0, 'the open order');
    expect(ordersOf(makerSocket)).toEqual([bid]);

    const taken = ok(
      await call<ContractOrder>(taker, '/contract/open', {
        ...terms,
        direction: 'short',
        type: 'market',
        quantity: '0.005',
      }),
    );
    expect(taken.status).toBe('filled');
    await expectBooksAgree(market, (book) => book.bids.get(99_950) === 0.015);
    await market.until(
      () => market.on('contract-trades.BTCUSDT').length > 0,
      'the trade on the channel',
    );
    const traded = market
      .on('contract-trades.BTCUSDT')
      .flatMap((frame) => frame.data as TradeRow[]);
    expect(
      traded.map(([price, quantity, side]) => [Number(price), Number(quantity), side]),
    ).toEqual([[99_950, 0.005, 'sell']]);
    const recent = ok(
      await client().get<{ trades: TradeRow[] }>('/contract/trades', { symbol: 'BTCUSDT' }),
    );
    expect(recent.trades).toEqual(traded);
    await makerSocket.until(() => ordersOf(makerSocket).length > 1, 'the partial fill');
    expect(ordersOf(makerSocket)[1]).toMatchObject({
      id: bid.id,
      status: 'partially_filled',
      filled_quantity: taken.filled_quantity,
    });
    await takerSocket.until(() => ordersOf(takerSocket).length > 0, "the taker's own order");
    expect(ordersOf(takerSocket)).toEqual([
      expect.objectContaining({ id: taken.id, status: 'filled' }),
    ]);

    const cancelled = ok(
      await call<ContractOrder>(maker, '/contract/cancel', { order_id: String(bid.id) }),
    );
    expect(cancelled.status).toBe('cancelled');
    await expectBooksAgree(market, (book) => !book.bids.has(99_950));
    await makerSocket.until(() => ordersOf(makerSocket).length > 2, 'the cancel');
    expect(ordersOf(makerSocket)[2]).toMatchObject({
      id: bid.id,
      status: 'cancelled',
      cancel_reason: 'user',
    });

    // Neither owner heard of the other's order, and the spot book never held a contract order.
    expect(ordersOf(makerSocket).every((order) => order.id === bid.id)).toBe(true);
    expect(ordersOf(takerSocket).every((order) => order.id === taken.id)).toBe(true);
    const spot = JSON.stringify(market.on('depth.BTCUSDT').map((frame) => frame.data));
    expect(spot).not.toContain('99950');

    // A client that arrives now gets the same book in its snapshot.
    const late = await SocketClient.connect(server.url);
    late.subscribe(['contract-depth.BTCUSDT']);
    await late.until(() => late.on('contract-depth.BTCUSDT').length > 0, 'the late snapshot');
    expect(heldBook(late.on('contract-depth.BTCUSDT')).book).toEqual((await restBook()).book);
  });

  it('refuses an unknown market on the calls and the channels, and private orders before auth', async () => {
    expectError(await client().get('/contract/depth', { symbol: 'NOPEUSDT' }), 'market_unknown');
    expectError(await client().get('/contract/trades', { symbol: 'NOPEUSDT' }), 'market_unknown');
    expectError(await client().get('/contract/depth', { symbol: 'BTC-USDT' }), 'field_invalid');
    const socket = await SocketClient.connect(server.url);
    socket.subscribe(['contract-depth.NOPEUSDT', 'contract-orders']);
    await socket.until((frames) => frames.filter((f) => f.op === 'error').length >= 2, 'refusals');
    expect(socket.errors().map((frame) => frame.channel)).toEqual([
      'contract-depth.NOPEUSDT',
      'contract-orders',
    ]);
    expect(socket.on('contract-orders')).toEqual([]);
  });
});
