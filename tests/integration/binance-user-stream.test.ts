// The door's user data streams (docs/api-binance.md § "User data streams"): listen keys made,
// answered again, kept alive and closed as Binance does; a stream receives its user's events of
// its family, whichever node published them on the bus, and nobody else's; a closed key ends its
// streams at once; a key that is not open is refused before the upgrade.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEventSubject, watchingSubject } from '../../server/binance/user-events.ts';
import type { Bus } from '../../server/bus/bus.ts';
import { clusterScope, scopedBus } from '../../server/bus/cluster-scope.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { systemClock } from '../../server/clock.ts';
import { randomClientAddress } from '../support/api-client.ts';
import { type DoorTrader, doorTrader } from '../support/door-client.ts';
import { signedCall } from '../support/door-signed-call.ts';
import { DoorStream } from '../support/door-stream.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer | undefined;
let bus: Bus;
const streams: DoorStream[] = [];

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
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.stop();
});

const live = () => {
  if (!server) throw new Error('the server did not start');
  return server;
};

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A USER_STREAM call: the API key alone, no signature. */
async function keyed(
  trader: DoorTrader,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  query = '',
): Promise<Answer> {
  const response = await fetch(`${live().url}${path}${query ? `?${query}` : ''}`, {
    method,
    headers: { 'x-mbx-apikey': trader.key.apiKey, 'x-forwarded-for': randomClientAddress() },
  });
  return { status: response.status, body: await response.json() };
}

/** A signed order, every parameter in the form body as ccxt sends a POST. */
const order = (trader: DoorTrader, params: Record<string, string>): Promise<Answer> =>
  signedCall(live().url, trader.key, 'POST', '/api/v3/order', params);

/** A stream of `trader`'s spot events, open and heard of by the writers. */
async function spotStream(trader: DoorTrader): Promise<DoorStream> {
  const key = listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'));
  const heard = new Promise<void>((resolve) => {
    const stop = bus.subscribe(watchingSubject, (message) => {
      const users = (message as { users?: unknown }).users;
      if (Array.isArray(users) && users.includes(trader.userId)) {
        stop();
        resolve();
      }
    });
  });
  const opened = stream(`/ws/${key}`);
  await opened.opened;
  await heard;
  return opened;
}

const listenKeyOf = (answer: Answer) => {
  const key = answer.body.listenKey;
  if (typeof key !== 'string') throw new Error(`no listen key in ${JSON.stringify(answer.body)}`);
  return key;
};

function stream(path: string): DoorStream {
  const opened = new DoorStream(live().url, path);
  streams.push(opened);
  return opened;
}

describe('listen keys', () => {
  it('makes one per API key and family, answers it again, keeps it alive, closes it', async () => {
    const trader = await doorTrader(live());
    const made = await keyed(trader, 'POST', '/api/v3/userDataStream');
    expect(made.status).toBe(200);
    const key = listenKeyOf(made);
    expect(key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'))).toBe(key);
    const futures = listenKeyOf(await keyed(trader, 'POST', '/fapi/v1/listenKey'));
    expect(futures).not.toBe(key);

    expect(await keyed(trader, 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).toEqual({
      status: 200,
      body: {},
    });
    expect(await keyed(trader, 'PUT', '/fapi/v1/listenKey')).toEqual({
      status: 200,
      body: { listenKey: futures },
    });
    expect(
      (await keyed(trader, 'DELETE', '/api/v3/userDataStream', `listenKey=${key}`)).status,
    ).toBe(200);
    // Closed: not kept alive, and making one again makes a new one.
    expect(await keyed(trader, 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).toEqual({
      status: 400,
      body: { code: -1125, msg: 'This listenKey does not exist.' },
    });
    expect(listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'))).not.toBe(key);
  });

  it("refuses another user's listen key as one that does not exist", async () => {
    const owner = await doorTrader(live());
    const other = await doorTrader(live());
    const key = listenKeyOf(await keyed(owner, 'POST', '/api/v3/userDataStream'));
    for (const method of ['PUT', 'DELETE'] as const) {
      expect(
        (await keyed(other, method, '/api/v3/userDataStream', `listenKey=${key}`)).body,
      ).toEqual({
        code: -1125,
        msg: 'This listenKey does not exist.',
      });
    }
    // Still the owner's, still open.
    expect((await keyed(owner, 'PUT', '/api/v3/userDataStream', `listenKey=${key}`)).status).toBe(
      200,
    );
  });

  it('needs a key with the read scope, and a key at all', async () => {
    const tradeOnly = await doorTrader(live(), {}, ['spot']);
    expect((await keyed(tradeOnly, 'POST', '/api/v3/userDataStream')).body.code).toBe(-2015);
    const response = await fetch(`${live().url}/api/v3/userDataStream`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe(-2014);
  });
});

describe('the stream', () => {
  it("delivers its user's events of its family, and no one else's", async () => {
    const trader = await doorTrader(live());
    const other = await doorTrader(live());
    const key = listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'));
    const watching = new Promise<unknown>((resolve) => {
      const stop = bus.subscribe(watchingSubject, (message) => {
        const users = (message as { users?: unknown }).users;
        if (Array.isArray(users) && users.includes(trader.userId)) {
          stop();
          resolve(message);
        }
      });
    });
    const opened = stream(`/ws/${key}`);
    await opened.opened;
    // The writers hear at once that this user is watched.
    await watching;

    bus.publish(userEventSubject, { userId: other.userId, family: 'api', event: { e: 'others' } });
    bus.publish(userEventSubject, {
      userId: trader.userId,
      family: 'fapi',
      event: { e: 'futures' },
    });
    bus.publish(userEventSubject, {
      userId: trader.userId,
      family: 'api',
      event: { e: 'mine', n: 1 },
    });
    expect(await opened.next((event) => event.e === 'mine')).toEqual({ e: 'mine', n: 1 });
    expect(opened.events).toEqual([{ e: 'mine', n: 1 }]);
  });

  it('takes the listen key in the query too, as ccxt connects to perpetuals', async () => {
    const trader = await doorTrader(live());
    const key = listenKeyOf(await keyed(trader, 'POST', '/fapi/v1/listenKey'));
    const opened = stream(`/private/ws?listenKey=${key}`);
    await opened.opened;
    bus.publish(userEventSubject, {
      userId: trader.userId,
      family: 'fapi',
      event: { e: 'ACCOUNT_UPDATE' },
    });
    expect(await opened.next(() => true)).toEqual({ e: 'ACCOUNT_UPDATE' });
  });

  it('ends when its listen key is closed', async () => {
    const trader = await doorTrader(live());
    const key = listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'));
    const opened = stream(`/ws/${key}`);
    await opened.opened;
    await keyed(trader, 'DELETE', '/api/v3/userDataStream', `listenKey=${key}`);
    expect(await opened.closed).toBe(1000);
  });

  it('refuses a key that is not open, before the upgrade', async () => {
    const trader = await doorTrader(live());
    const key = listenKeyOf(await keyed(trader, 'POST', '/api/v3/userDataStream'));
    await keyed(trader, 'DELETE', '/api/v3/userDataStream', `listenKey=${key}`);
    // Any other name under `/ws/` is a market stream's (binance-market-streams.test.ts).
    for (const path of [`/ws/${key}`, `/ws/${'x'.repeat(64)}`, '/private/ws']) {
      await expect(stream(path).opened).rejects.toThrow('HTTP 400');
    }
  });
});

describe("spot's events", () => {
  it("tells the maker and the taker of a trade, in Binance's words, with their balances", async () => {
    const maker = await doorTrader(live(), { BTC: '1' });
    const taker = await doorTrader(live(), { USDT: '1000' });
    const [makerStream, takerStream] = [await spotStream(maker), await spotStream(taker)];

    const sell = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC' };
    const placed = await order(maker, {
      ...sell,
      price: '97000.00',
      quantity: '0.00300',
      newClientOrderId: 'maker-1',
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.orderId;
    expect(await makerStream.next((event) => event.x === 'NEW')).toMatchObject({
      e: 'executionReport',
      s: 'BTCUSDT',
      c: 'maker-1',
      S: 'SELL',
      o: 'LIMIT',
      X: 'NEW',
      i: orderId,
      q: '0.00300000',
      p: '97000.00000000',
      z: '0.00000000',
    });

    const bought = await order(taker, {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '97000.00',
      quantity: '0.00100',
      newClientOrderId: 'taker-1',
    });
    expect(bought.status).toBe(200);
    const made = await makerStream.next((event) => event.x === 'TRADE');
    const took = await takerStream.next((event) => event.x === 'TRADE');
    expect(made).toMatchObject({
      c: 'maker-1',
      X: 'PARTIALLY_FILLED',
      l: '0.00100000',
      L: '97000.00000000',
      z: '0.00100000',
      Z: '97.00000000',
      m: true,
      N: 'USDT',
    });
    expect(took).toMatchObject({ c: 'taker-1', X: 'FILLED', l: '0.00100000', m: false, N: 'BTC' });
    // One trade, one id, as `myTrades` answers it.
    expect(took.t).toBe(made.t);
    expect(typeof took.t).toBe('number');
    // The taker's order was new in the same command that filled it.
    expect(takerStream.events.findIndex((event) => event.x === 'NEW')).toBeLessThan(
      takerStream.events.indexOf(took),
    );

    const balances = await takerStream.next((event) => event.e === 'outboundAccountPosition');
    expect(balances.B).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ a: 'USDT', f: '903.00000000', l: '0.00000000' }),
      ]),
    );

    // Cancelled: its last report, with what it had filled.
    const cancel = await signedCall(live().url, maker.key, 'DELETE', '/api/v3/order', {
      symbol: 'BTCUSDT',
      orderId: String(orderId),
    });
    expect(cancel.status).toBe(200);
    expect(await makerStream.next((event) => event.x === 'CANCELED')).toMatchObject({
      X: 'CANCELED',
      z: '0.00100000',
      C: 'maker-1',
    });
  });
});
