// The door's WebSocket API (docs/api-binance.md § "WebSocket API (spot user data)"): ccxt pro's
// own `binance` subscribes there to a spot trader's orders and balances, unchanged but for its
// URLs; a plain client's subscription is checked as a signed call is, refused in Binance's words
// and then holds nothing; a subscription hears its own user's spot events and no one else's, and
// ends when its key is deleted; a bad request is answered, never the end of the connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTotalParams } from '../../server/binance/signature.ts';
import {
  userEventSubject,
  watchingAnnouncement,
  watchingSubject,
} from '../../server/binance/user-events.ts';
import type { Bus } from '../../server/bus/bus.ts';
import { clusterScope, scopedBus } from '../../server/bus/cluster-scope.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { ccxtProSpot, ccxtSpot, type DoorTrader, doorTrader } from '../support/door-client.ts';
import { DoorStream } from '../support/door-stream.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer | undefined;
let bus: Bus;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  const local = new LocalBus();
  server = await startInProcessServer(
    systemClock,
    {
      MARKETS: 'BTC',
      // Only the test's own orders on the book: what trades is what it placed.
      LIQUIDITY_PROVIDER: 'false',
      CONTRACT_TRADING: 'false',
      OPTION_TRADING: 'false',
    },
    undefined,
    { bus: local },
  );
  // The app's subjects carry its cluster's scope: the test speaks on the same.
  bus = scopedBus(local, await clusterScope(server.db));
}, 180_000);

afterAll(async () => {
  for (const close of closers) await close();
  await server?.stop();
});

const live = () => {
  if (!server) throw new Error('the server did not start');
  return server;
};

/** A plain client of the WebSocket API, open, closed after the file. */
async function connection(): Promise<WsApiClient> {
  const opened = new WsApiClient(live().url);
  closers.push(() => opened.stream.close());
  await opened.stream.opened;
  return opened;
}

class WsApiClient {
  readonly stream: DoorStream;
  #nextId = 1;

  constructor(url: string) {
    this.stream = new DoorStream(url, '/ws-api/v3');
  }

  /** Sends `method` and waits for the answer to it. */
  async call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = `r${this.#nextId++}`;
    this.stream.socket.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
    return this.stream.next((frame) => frame.id === id);
  }

  /** The frames of subscription events received so far. */
  events(): Record<string, unknown>[] {
    return this.stream.events.filter((frame) => 'subscriptionId' in frame);
  }
}

/** `userDataStream.subscribe.signature`'s parameters, signed as ccxt signs them. */
function subscribeParams(
  key: { apiKey: string; secret: string },
  timestamp: number = Date.now(),
): Record<string, unknown> {
  const signed = `apiKey=${key.apiKey}&timestamp=${timestamp}`;
  return { apiKey: key.apiKey, timestamp, signature: signTotalParams(key.secret, signed) };
}

/** Resolves once some node announces that `userId` is watched. */
function announced(userId: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = bus.subscribe(watchingSubject, (message) => {
      const heard = watchingAnnouncement.safeParse(message);
      if (heard.success && heard.data.users.includes(userId)) {
        stop();
        resolve();
      }
    });
  });
}

const publishSpot = (trader: DoorTrader, event: Record<string, unknown>) =>
  bus.publish(userEventSubject, { userId: trader.userId, family: 'api', event });

describe('ccxt pro binance', () => {
  it("watches the trader's own orders and balances over the WebSocket API", async () => {
    const trader = await doorTrader(live(), { USDT: '10000' });
    const watcher = ccxtProSpot(live().url, trader.key);
    closers.push(() => watcher.close());
    const rest = ccxtSpot(live().url, trader.key);
    const symbol = 'BTC/USDT';
    // ccxt subscribes on its first watch and says nothing when the server has answered: an order
    // is placed (and cancelled) until one reaches the watch.
    let watched: Awaited<ReturnType<typeof watcher.watchOrders>> | undefined;
    const watching = watcher.watchOrders(symbol).then((orders) => {
      watched = orders;
    });
    const placed: (string | undefined)[] = [];
    while (watched === undefined) {
      const order = await rest.createOrder(symbol, 'limit', 'buy', 0.001, 91000);
      placed.push(order.id);
      await rest.cancelOrder(String(order.id), symbol);
    }
    await watching;
    const [first] = watched;
    expect(placed).toContain(first?.id);
    expect(first).toMatchObject({ symbol, side: 'buy', type: 'limit', price: 91000 });

    // Subscribed now: the next order's balance change reaches the balance watch.
    const balance = watcher.watchBalance();
    const order = await rest.createOrder(symbol, 'limit', 'buy', 0.001, 91000);
    expect((await balance).USDT).toMatchObject({ free: expect.any(Number) });
    await rest.cancelOrder(String(order.id), symbol);
  });
});

describe('subscriptions', () => {
  it('refuses a wrong signature, a stale timestamp and an unknown key, and holds nothing', async () => {
    const trader = await doorTrader(live());
    const client = await connection();
    const wrongSecret = { apiKey: trader.key.apiKey, secret: 'x'.repeat(64) };
    expect(
      await client.call('userDataStream.subscribe.signature', subscribeParams(wrongSecret)),
    ).toMatchObject({
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    const stale = subscribeParams(trader.key, Date.now() - 60_000);
    expect(await client.call('userDataStream.subscribe.signature', stale)).toMatchObject({
      status: 400,
      error: { code: -1021 },
    });
    const unknown = { apiKey: 'A'.repeat(64), secret: trader.key.secret };
    expect(
      await client.call('userDataStream.subscribe.signature', subscribeParams(unknown)),
    ).toMatchObject({ status: 401, error: { code: -2015 } });
    // A key without the read scope is refused as a REST user data call refuses it.
    const tradeOnly = await doorTrader(live(), {}, ['spot']);
    expect(
      await client.call('userDataStream.subscribe.signature', subscribeParams(tradeOnly.key)),
    ).toMatchObject({ status: 401, error: { code: -2015 } });

    // Nothing was subscribed: no subscription to end, and the user's events do not come.
    expect(await client.call('userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({
      status: 400,
      error: { code: -1102 },
    });
    publishSpot(trader, { e: 'executionReport', n: 1 });
    expect(await client.call('ping')).toMatchObject({ status: 200, result: {} });
    expect(client.events()).toEqual([]);
  });

  it("delivers its user's spot events, and no one else's", async () => {
    const trader = await doorTrader(live());
    const other = await doorTrader(live());
    const [mine, theirs] = [await connection(), await connection()];
    const heard = announced(trader.userId);
    expect(
      await mine.call('userDataStream.subscribe.signature', subscribeParams(trader.key)),
    ).toMatchObject({ status: 200, result: { subscriptionId: 0 } });
    await heard;
    expect(
      await theirs.call('userDataStream.subscribe.signature', subscribeParams(other.key)),
    ).toMatchObject({ status: 200, result: { subscriptionId: 0 } });

    publishSpot(other, { e: 'others' });
    bus.publish(userEventSubject, { userId: trader.userId, family: 'fapi', event: { e: 'fut' } });
    publishSpot(trader, { e: 'mine', n: 1 });
    expect(await mine.stream.next((frame) => 'event' in frame)).toEqual({
      subscriptionId: 0,
      event: { e: 'mine', n: 1 },
    });
    expect(mine.events()).toEqual([{ subscriptionId: 0, event: { e: 'mine', n: 1 } }]);
    expect(theirs.events()).toEqual([{ subscriptionId: 0, event: { e: 'others' } }]);

    // Unsubscribed: nothing more comes.
    expect(await mine.call('userDataStream.unsubscribe')).toMatchObject({ status: 200 });
    publishSpot(trader, { e: 'mine', n: 2 });
    await mine.call('ping');
    expect(mine.events()).toHaveLength(1);
  });

  it('ends when its key is deleted', async () => {
    const trader = await doorTrader(live());
    const client = await connection();
    await client.call('userDataStream.subscribe.signature', subscribeParams(trader.key));
    // Through the security center's call, as its owner deletes it.
    const deleted = await new ApiClient(live().url).post(
      '/security/api-keys/delete',
      { id: String(trader.key.id) },
      { token: trader.token },
    );
    expect(deleted.body.code).toBe(200);
    expect(await client.stream.next((frame) => 'event' in frame)).toMatchObject({
      subscriptionId: 0,
      event: { e: 'eventStreamTerminated' },
    });
    publishSpot(trader, { e: 'after' });
    await client.call('ping');
    expect(client.events()).toHaveLength(1);
    expect(
      await client.call('userDataStream.subscribe.signature', subscribeParams(trader.key)),
    ).toMatchObject({ status: 401, error: { code: -2015 } });
  });
});

describe('requests', () => {
  it('answers ping and time, and refuses bad JSON and unknown methods without closing', async () => {
    const client = await connection();
    expect(await client.call('ping')).toMatchObject({ status: 200, result: {} });
    const time = await client.call('time');
    expect(time).toMatchObject({ status: 200, result: { serverTime: expect.any(Number) } });
    expect(time.rateLimits).toEqual([expect.objectContaining({ rateLimitType: 'REQUEST_WEIGHT' })]);

    client.stream.socket.send('{not json');
    expect(await client.stream.next((frame) => frame.id === null)).toMatchObject({
      status: 400,
      error: { code: -1102 },
    });
    expect(await client.call('order.place', { symbol: 'BTCUSDT' })).toMatchObject({
      status: 400,
      error: { code: -1100 },
    });
    expect(await client.call('ping', { extra: [1] })).toMatchObject({
      status: 400,
      error: { code: -1102 },
    });
    expect(await client.call('ping')).toMatchObject({ status: 200 });
  });

  it('refuses a connection sending faster than its pace, and answers again once it slows', async () => {
    const client = await connection();
    const ids = Array.from({ length: 30 }, (_, at) => `burst${at}`);
    for (const id of ids) client.stream.socket.send(JSON.stringify({ id, method: 'ping' }));
    const answers = await Promise.all(
      ids.map((id) => client.stream.next((frame) => frame.id === id)),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ error: { code: -1003 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await client.call('ping')).toMatchObject({ status: 200 });
  });
});
