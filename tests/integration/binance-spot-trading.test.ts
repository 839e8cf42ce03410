// Spot trading through the Binance-compatible door (docs/api-binance.md § "Spot trading"), driven
// by ccxt's own `binance` class as a trader's bot drives it: limit and market orders, reads,
// cancels, trades and balances, checked against what the app itself answers; and the hostile
// cases: another user's order, a client order id sent twice or for another order, an order the
// balance or the market's rules refuse, a key without the spot scope. Raw signed requests check
// the refusals ccxt would not let a bot send.
import ccxt from 'ccxt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { ccxtSpot, type DoorTrader, doorTrader } from '../support/door-client.ts';
import { signedCall } from '../support/door-signed-call.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer | undefined;
let url = '';
const symbol = 'BTC/USDT';

function running(): InProcessServer {
  if (!server) throw new Error('the in-process server did not start');
  return server;
}

beforeAll(async () => {
  server = await startInProcessServer(systemClock, {
    // Only the traders' own orders on the book: what fills is what the test placed.
    LIQUIDITY_PROVIDER: 'false',
    CONTRACT_TRADING: 'false',
    OPTION_TRADING: 'false',
    MARKETS: 'BTC',
  });
  url = server.url;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** A trader with funds, a key and ccxt's `binance` on the door, markets loaded. */
async function bot(funds: Record<string, string>, scopes?: Parameters<typeof doorTrader>[2]) {
  const trader = await doorTrader(running(), funds, scopes);
  const exchange = ccxtSpot(url, trader.key);
  await exchange.loadMarkets();
  return { trader, exchange };
}

/** ccxt's order id, which it types as possibly absent. */
function idOf(order: { id?: string | undefined }): string {
  if (order.id === undefined) throw new Error('an order without an id');
  return order.id;
}

async function ordersOfUser(userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from spot_orders where user_id = ${userId}`.execute(running().db);
  return rows[0]?.n ?? 0;
}

async function appOrders(trader: DoorTrader, status: 'current' | 'history') {
  const answer = await new ApiClient(url).get<{ list: SpotOrder[] }>(
    '/spot/orders',
    { status, symbol: 'BTCUSDT' },
    { token: trader.token },
  );
  return answer.body.data.list;
}

describe('spot trading through ccxt on the door', () => {
  let alice: Awaited<ReturnType<typeof bot>>;
  let bob: Awaited<ReturnType<typeof bot>>;

  beforeAll(async () => {
    alice = await bot({ USDT: '10000', BTC: '1' });
    bob = await bot({ USDT: '10000', BTC: '1' });
  }, 180_000);

  it('places a limit order, reads it by id and by client id, lists it open, and cancels it', async () => {
    const placed = await alice.exchange.createOrder(symbol, 'limit', 'buy', 0.001, 90000);
    expect(placed).toMatchObject({ status: 'open', side: 'buy', type: 'limit', price: 90000 });
    expect(placed.amount).toBe(0.001);
    expect(placed.clientOrderId).toMatch(/^x-/);
    // The app lists the same order, holding its price × quantity frozen.
    expect(await appOrders(alice.trader, 'current')).toEqual([
      expect.objectContaining({ id: Number(placed.id), price: '90000.00', quantity: '0.00100' }),
    ]);

    const byId = await alice.exchange.fetchOrder(idOf(placed), symbol);
    expect(byId).toMatchObject({ id: placed.id, clientOrderId: placed.clientOrderId });
    expect(byId.status).toBe('open');
    const byClientId = await alice.exchange.fetchOrder('', symbol, {
      origClientOrderId: placed.clientOrderId,
    });
    expect(byClientId.id).toBe(placed.id);
    const open = await alice.exchange.fetchOpenOrders(symbol);
    expect(open.map((order) => order.id)).toEqual([placed.id]);

    const cancelled = await alice.exchange.cancelOrder(idOf(placed), symbol);
    expect(cancelled).toMatchObject({ id: placed.id, status: 'canceled' });
    expect((await alice.exchange.fetchOrder(idOf(placed), symbol)).status).toBe('canceled');
    expect(await alice.exchange.fetchOpenOrders(symbol)).toEqual([]);
    // A second cancel finds nothing open: Binance's "Unknown order sent."
    await expect(alice.exchange.cancelOrder(idOf(placed), symbol)).rejects.toThrow(
      ccxt.OrderNotFound,
    );
  });

  it("fills market orders against another door trader's resting orders, FULL with their fills", async () => {
    const ask = await bob.exchange.createOrder(symbol, 'limit', 'sell', 0.002, 97000);
    expect(ask.status).toBe('open');
    // A market buy spends a quote amount (quoteOrderQty): 97 USDT buys 0.001 at 97000.
    const bought = await alice.exchange.createMarketBuyOrderWithCost(symbol, 97);
    expect(bought).toMatchObject({ status: 'closed', filled: 0.001, cost: 97 });
    expect(bought.trades).toHaveLength(1);
    expect(bought.trades[0]).toMatchObject({ price: 97000, amount: 0.001 });
    expect((await bob.exchange.fetchOrder(idOf(ask), symbol)).status).toBe('open');
    expect((await bob.exchange.fetchOrder(idOf(ask), symbol)).filled).toBe(0.001);

    // More than the book holds: what fills, fills; the rest expires, as on Binance.
    const swept = await alice.exchange.createMarketBuyOrderWithCost(symbol, 200);
    expect(swept).toMatchObject({ status: 'expired', filled: 0.001, cost: 97 });
    expect((await bob.exchange.fetchOrder(idOf(ask), symbol)).status).toBe('closed');

    // A market sell by quantity into a bid.
    const bid = await bob.exchange.createOrder(symbol, 'limit', 'buy', 0.001, 96000);
    const sold = await alice.exchange.createOrder(symbol, 'market', 'sell', 0.001);
    expect(sold).toMatchObject({ status: 'closed', filled: 0.001, cost: 96 });
    expect((await bob.exchange.fetchOrder(idOf(bid), symbol)).status).toBe('closed');
  });

  it("lists the trader's trades from the trader's side", async () => {
    const trades = await alice.exchange.fetchMyTrades(symbol);
    expect(
      trades.map((trade) => [trade.side, trade.takerOrMaker, trade.price, trade.amount]),
    ).toEqual([
      ['buy', 'taker', 97000, 0.001],
      ['buy', 'taker', 97000, 0.001],
      ['sell', 'taker', 96000, 0.001],
    ]);
    // A buyer pays the fee in what they receive (BTC), a seller in USDT (docs/spot.md § Money).
    expect(trades[0]?.fee?.currency).toBe('BTC');
    expect(trades[2]?.fee?.currency).toBe('USDT');
    const theirs = await bob.exchange.fetchMyTrades(symbol);
    expect(theirs.map((trade) => [trade.side, trade.takerOrMaker])).toEqual([
      ['sell', 'maker'],
      ['sell', 'maker'],
      ['buy', 'maker'],
    ]);
  });

  it("answers balances as the app's wallet holds them: free is available, used is frozen", async () => {
    // Something frozen, so both halves are checked.
    await alice.exchange.createOrder(symbol, 'limit', 'buy', 0.001, 90000);
    const balance = await alice.exchange.fetchBalance();
    const wallet = await new ApiClient(url).get<{
      balances: { wallet: string; asset: string; available: string; frozen: string }[];
    }>('/wallet/balances', {}, { token: alice.trader.token });
    for (const asset of ['USDT', 'BTC']) {
      const held = wallet.body.data.balances.find(
        (row) => row.wallet === 'funding' && row.asset === asset,
      );
      expect(balance[asset]?.free, asset).toBe(Number(held?.available));
      expect(balance[asset]?.used, asset).toBe(Number(held?.frozen));
    }
    expect(balance.USDT?.used).toBe(90);
  });

  it('lists every order of the market, oldest first, each in its Binance status', async () => {
    const orders = await alice.exchange.fetchOrders(symbol);
    expect(orders.map((order) => [order.type, order.side, order.status])).toEqual([
      ['limit', 'buy', 'canceled'],
      ['market', 'buy', 'closed'],
      ['market', 'buy', 'expired'],
      ['market', 'sell', 'closed'],
      ['limit', 'buy', 'open'],
    ]);
    expect(orders.every((order) => typeof order.clientOrderId === 'string')).toBe(true);
  });

  it("answers another user's order exactly as one that does not exist, and leaves it be", async () => {
    const [mine] = await alice.exchange.fetchOpenOrders(symbol);
    if (!mine) throw new Error('no open order');
    await expect(bob.exchange.fetchOrder(idOf(mine), symbol)).rejects.toThrow(ccxt.OrderNotFound);
    await expect(bob.exchange.cancelOrder(idOf(mine), symbol)).rejects.toThrow(ccxt.OrderNotFound);
    const read = await signedCall(url, bob.trader.key, 'GET', '/api/v3/order', {
      symbol: 'BTCUSDT',
      orderId: idOf(mine),
    });
    const missing = await signedCall(url, bob.trader.key, 'GET', '/api/v3/order', {
      symbol: 'BTCUSDT',
      orderId: '999999999',
    });
    expect(read).toEqual(missing);
    expect(read.body).toEqual({ code: -2013, msg: 'Order does not exist.' });
    const cancel = await signedCall(url, bob.trader.key, 'DELETE', '/api/v3/order', {
      symbol: 'BTCUSDT',
      orderId: idOf(mine),
    });
    expect(cancel.body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    // By her client order id too.
    const byClientId = await signedCall(url, bob.trader.key, 'GET', '/api/v3/order', {
      symbol: 'BTCUSDT',
      origClientOrderId: mine.clientOrderId ?? '',
    });
    expect(byClientId.body).toEqual({ code: -2013, msg: 'Order does not exist.' });
    expect((await alice.exchange.fetchOrder(idOf(mine), symbol)).status).toBe('open');
    // Her list is hers alone.
    expect(await bob.exchange.fetchOpenOrders(symbol)).toEqual([]);
  });

  it('places an order sent twice with one newClientOrderId once, and answers both alike', async () => {
    const { trader, exchange } = await bot({ USDT: '1000' });
    const params = { newClientOrderId: 'grid-level-7' };
    const [first, second] = await Promise.all([
      exchange.createOrder(symbol, 'limit', 'buy', 0.001, 80000, params),
      exchange.createOrder(symbol, 'limit', 'buy', 0.001, 80000, params),
    ]);
    expect(second.id).toBe(first.id);
    expect(first.clientOrderId).toBe('grid-level-7');
    const again = await exchange.createOrder(symbol, 'limit', 'buy', 0.001, 80000, params);
    expect(again.id).toBe(first.id);
    expect(await ordersOfUser(trader.userId)).toBe(1);
    expect((await exchange.fetchBalance()).USDT?.used).toBe(80);

    // The same id for another order is refused, and places nothing.
    await expect(
      exchange.createOrder(symbol, 'limit', 'buy', 0.002, 80000, params),
    ).rejects.toThrow(ccxt.InvalidOrder);
    const raw = await signedCall(url, trader.key, 'POST', '/api/v3/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '80000',
      quantity: '0.002',
      newClientOrderId: 'grid-level-7',
    });
    expect(raw.body).toEqual({
      code: -2010,
      msg: 'Duplicate order sent: this newClientOrderId was used for a different order.',
    });
    expect(await ordersOfUser(trader.userId)).toBe(1);
  });

  it('refuses an order the balance cannot pay (InsufficientFunds) and places nothing', async () => {
    const { trader, exchange } = await bot({ USDT: '50' });
    await expect(exchange.createOrder(symbol, 'limit', 'buy', 0.001, 90000)).rejects.toThrow(
      ccxt.InsufficientFunds,
    );
    expect(await ordersOfUser(trader.userId)).toBe(0);
  });

  it("refuses an order the market's filters refuse (InvalidOrder) and places nothing", async () => {
    const { trader, exchange } = await bot({ USDT: '1000' });
    // Far below the price band around the index.
    await expect(exchange.createOrder(symbol, 'limit', 'buy', 0.01, 1000)).rejects.toThrow(
      ccxt.InvalidOrder,
    );
    const raw = await signedCall(url, trader.key, 'POST', '/api/v3/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '90000.001',
      quantity: '0.001',
    });
    expect(raw.body).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    expect(await ordersOfUser(trader.userId)).toBe(0);
  });

  it('refuses an order through a key without the spot scope (-2015), placing nothing', async () => {
    const { trader, exchange } = await bot({ USDT: '1000' }, ['read']);
    await expect(exchange.createOrder(symbol, 'limit', 'buy', 0.001, 90000)).rejects.toThrow(
      ccxt.AuthenticationError,
    );
    const raw = await signedCall(url, trader.key, 'POST', '/api/v3/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '90000',
      quantity: '0.001',
    });
    expect(raw).toEqual({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
    expect(await ordersOfUser(trader.userId)).toBe(0);
    // Its reads still answer, and say it cannot trade.
    const account = await signedCall(url, trader.key, 'GET', '/api/v3/account', {});
    expect(account.body).toMatchObject({ canTrade: false, permissions: ['SPOT'] });
  });

  it('refuses, naming the parameter, what the app does not do, and places nothing', async () => {
    const { trader } = await bot({ USDT: '1000', BTC: '1' });
    const order = (params: Record<string, string>) =>
      signedCall(url, trader.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', ...params });
    expect((await order({ side: 'BUY', type: 'MARKET', quantity: '0.001' })).body).toEqual({
      code: -1106,
      msg: "Parameter 'quantity' sent when not required: a MARKET BUY takes quoteOrderQty, the quote amount to spend.",
    });
    expect(
      (await order({ side: 'SELL', type: 'MARKET', quoteOrderQty: '100' })).body,
    ).toMatchObject({ code: -1106 });
    expect(
      (
        await order({
          side: 'BUY',
          type: 'LIMIT',
          timeInForce: 'IOC',
          price: '90000',
          quantity: '0.001',
        })
      ).body,
    ).toMatchObject({ code: -1115 });
    expect(
      (await order({ side: 'SELL', type: 'STOP_LOSS', quantity: '0.001', stopPrice: '90000' }))
        .body,
    ).toMatchObject({ code: -1106, msg: expect.stringContaining("'stopPrice'") });
    expect(
      (await order({ side: 'SELL', type: 'LIMIT_MAKER', quantity: '0.001', price: '99000' })).body,
    ).toMatchObject({ code: -1116 });
    expect(await ordersOfUser(trader.userId)).toBe(0);
  });

  it('answers ACK and RESULT as asked, and finds an order by the client id it was sent with', async () => {
    const { trader } = await bot({ USDT: '1000' });
    const base = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '85000',
      quantity: '0.001',
    };
    const ack = await signedCall(url, trader.key, 'POST', '/api/v3/order', {
      ...base,
      newOrderRespType: 'ACK',
    });
    expect(Object.keys(ack.body).sort()).toEqual(
      ['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime'].sort(),
    );
    // Without a newClientOrderId the door makes one, as Binance does, and finds the order by it.
    const found = await signedCall(url, trader.key, 'GET', '/api/v3/order', {
      symbol: 'BTCUSDT',
      origClientOrderId: String(ack.body.clientOrderId),
    });
    expect(found.body).toMatchObject({
      orderId: ack.body.orderId,
      status: 'NEW',
      price: '85000.00000000',
      origQty: '0.00100000',
      executedQty: '0.00000000',
      timeInForce: 'GTC',
      selfTradePreventionMode: 'EXPIRE_MAKER',
    });
    const result = await signedCall(url, trader.key, 'POST', '/api/v3/order', {
      ...base,
      price: '84000',
      newOrderRespType: 'RESULT',
    });
    expect(result.body).toMatchObject({ status: 'NEW', type: 'LIMIT', side: 'BUY' });
    expect(result.body).not.toHaveProperty('fills');
  });
});
