// USDT-margined perpetuals through the Binance door (docs/api-binance.md § "Perpetuals"), driven by
// ccxt's own `binanceusdm` class as a bot would: markets, book, candles, funding, leverage and
// margin type, limit and market orders between two door traders, open orders, cancels, positions,
// balance and trades, each compared with what the app's own `/contract/*` calls answer; and the
// hostile cases: another user's order, a client order id sent twice, a key without `futures`,
// margin short of an order, a leverage the market does not allow. One server, without the
// liquidity provider, so the book holds only what the test puts there; reduce-only and
// conditional orders and the margin type of an open position besides.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { ccxtUsdm, type DoorTrader, doorTrader } from '../support/door-client.ts';
import { DoorStream } from '../support/door-stream.ts';
import { expectOk, ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer;
let maker: DoorTrader;
let taker: DoorTrader;
let mark: string;
const streams: DoorStream[] = [];
const client = () => new ApiClient(server.url);
const usdm = (trader: DoorTrader) => ccxtUsdm(server.url, trader.key);
const symbol = 'BTC/USDT:USDT';

/** A door trader whose `usdt` is moved into the contract wallet through the app's own call. */
async function perpetualTrader(usdt: string, scopes?: Parameters<typeof doorTrader>[2]) {
  const trader = await doorTrader(server, { USDT: usdt }, scopes);
  const moved = await client().post(
    '/wallet/transfer',
    { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt },
    { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expectOk(moved);
  return trader;
}

async function appMarket(): Promise<ContractMarket> {
  const answer = await client().get<{ list: ContractMarket[] }>('/contract/markets');
  const found = ok(answer).list.find((market) => market.symbol === 'BTCUSDT');
  if (!found) throw new Error('BTCUSDT is not listed');
  return found;
}

/** What the app's own call `path` lists for `trader`. */
async function appList<T>(trader: DoorTrader, path: string, query: Record<string, string> = {}) {
  return ok(await client().get<{ list: T[] }>(path, query, { token: trader.token })).list;
}
const appOrders = (trader: DoorTrader, status = 'current') =>
  appList<ContractOrder>(trader, '/contract/orders', { status, symbol: 'BTCUSDT', size: '50' });
const appPositions = (trader: DoorTrader) =>
  appList<ContractPosition>(trader, '/contract/positions');

/** The door's last answer to `exchange`, as it was sent: Binance's `{ code, msg }` for a refusal. */
const lastAnswer = (exchange: { last_http_response: unknown }): unknown =>
  JSON.parse(String(exchange.last_http_response));

/** A price `ticks` cents from the mark, on BTCUSDT's tick of 0.01. */
function priceFrom(base: string, ticks: number): string {
  const cents = BigInt(base.replace('.', '')) + BigInt(ticks);
  const text = cents.toString();
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** An order's id as ccxt read it (Binance's `orderId`). */
function idOf(order: { id?: string | undefined }): string {
  if (order.id === undefined) throw new Error('the order has no id');
  return order.id;
}

/** A limit buy through `exchange`, `ticks` cents from the first mark. */
const bid = (exchange: ReturnType<typeof usdm>, ticks: number, amount = 0.001, params = {}) =>
  exchange.createOrder(symbol, 'limit', 'buy', amount, Number(priceFrom(mark, ticks)), params);

/** The Binance error a ccxt call was refused with: its class and the door's body. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error) return { name: error.constructor.name, message: error.message };
    throw error;
  }
  throw new Error('the call was not refused');
}

beforeAll(async () => {
  server = await startInProcessServer(systemClock, { LIQUIDITY_PROVIDER: 'false' });
  maker = await perpetualTrader('100000');
  taker = await perpetualTrader('100000');
  // The band and the market order's protection need the first mark (recorded once a second).
  for (;;) {
    const market = await appMarket();
    if (market.mark_price !== null) {
      mark = market.mark_price;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.stop();
});

describe('ccxt binanceusdm on the door', () => {
  it('loads the perpetuals with the rules /contract/markets states', async () => {
    const exchange = ccxtUsdm(server.url);
    const markets = await exchange.loadMarkets();
    const market = markets[symbol];
    const app = await appMarket();
    expect(market).toMatchObject({
      id: 'BTCUSDT',
      type: 'swap',
      swap: true,
      linear: true,
      settle: 'USDT',
      active: true,
    });
    expect(market?.precision.price).toBe(Number(app.tick_size));
    expect(market?.precision.amount).toBe(Number(app.lot_size));
    expect(market?.limits.cost?.min).toBe(Number(app.min_notional));
    expect(market?.limits.price?.max).toBe(Number(app.max_price));
    expect(market?.info.filters).toContainEqual({
      filterType: 'PERCENT_PRICE',
      multiplierUp: app.price_band.bid_multiplier_up,
      multiplierDown: app.price_band.ask_multiplier_down,
      multiplierDecimal: '4',
    });
  });

  it('reads the funding rate and the next funding time the app shows', async () => {
    const exchange = ccxtUsdm(server.url);
    const rate = await exchange.fetchFundingRate(symbol);
    const app = await appMarket();
    expect(rate.fundingTimestamp).toBe(new Date(app.next_funding_time).getTime());
    expect(rate.markPrice).toBeGreaterThan(0);
    expect(rate.indexPrice).toBeGreaterThan(0);
    expect(rate.interval).toBeUndefined();
  });

  it('lists paid funding rounds as the funding rate history', async () => {
    const time = new Date('2026-01-01T08:00:00.000Z');
    await sql`
      insert into contract_funding_rounds
        (symbol, funding_time, rate, mark_price, samples, paid, received, remainder, shortfall)
      values ('BTCUSDT', ${time}, 12345, 97000.5, 10, 0, 0, 0, 0)`.execute(server.db);
    const history = await ccxtUsdm(server.url).fetchFundingRateHistory(symbol, time.getTime() - 1);
    expect(history[0]).toMatchObject({
      symbol,
      fundingRate: 0.00012345,
      timestamp: time.getTime(),
    });
    expect(history[0]?.info).toMatchObject({ markPrice: '97000.5', fundingRate: '0.00012345' });
  });

  it('sets leverage and margin type, and a limit order rests with them', async () => {
    const exchange = usdm(maker);
    expect(await exchange.setLeverage(5, symbol)).toMatchObject({ symbol: 'BTCUSDT', leverage: 5 });
    expect(await exchange.setMarginMode('isolated', symbol)).toMatchObject({ code: 200 });
    const price = priceFrom(mark, -5_000);
    const order = await exchange.createOrder(symbol, 'limit', 'buy', 0.001, Number(price));
    expect(order).toMatchObject({ status: 'open', side: 'buy', type: 'limit', amount: 0.001 });
    expect(order.price).toBe(Number(price));
    expect(order.clientOrderId).toBeTruthy();
    const [app] = await appOrders(maker);
    expect(app).toMatchObject({
      id: Number(order.id),
      side: 'buy',
      price,
      quantity: '0.00100',
      leverage: 5,
      margin_mode: 'isolated',
      reduce_only: false,
    });

    const book = await exchange.fetchOrderBook(symbol);
    expect(book.bids).toContainEqual([Number(price), 0.001]);

    const open = await exchange.fetchOpenOrders(symbol);
    expect(open.map((each) => each.id)).toEqual([order.id]);
    expect(open[0]?.clientOrderId).toBe(order.clientOrderId);

    const cancelled = await exchange.cancelOrder(idOf(order), symbol);
    expect(cancelled).toMatchObject({ id: order.id, status: 'canceled' });
    expect(await appOrders(maker)).toEqual([]);
    expect((await appOrders(maker, 'history'))[0]).toMatchObject({
      id: Number(order.id),
      status: 'cancelled',
      cancel_reason: 'user',
    });
  });

  it('fills a market order against another trader and shows the positions, balance and trades', async () => {
    const sellPrice = priceFrom(mark, 500);
    const resting = await usdm(maker).createOrder(
      symbol,
      'limit',
      'sell',
      0.002,
      Number(sellPrice),
    );
    expect(resting.status).toBe('open');

    const exchange = usdm(taker);
    const bought = await exchange.createOrder(symbol, 'market', 'buy', 0.002);
    expect(bought).toMatchObject({ status: 'closed', filled: 0.002, average: Number(sellPrice) });

    const [position] = await exchange.fetchPositions([symbol]);
    const [app] = await appPositions(taker);
    expect(position).toMatchObject({
      symbol,
      side: 'long',
      contracts: 0.002,
      entryPrice: Number(app?.entry_price),
      leverage: 20,
      marginMode: 'cross',
      hedged: false,
    });
    expect(app).toMatchObject({ direction: 'long', quantity: '0.00200', leverage: 20 });

    const [makerPosition] = await usdm(maker).fetchPositions([symbol]);
    expect(makerPosition).toMatchObject({
      side: 'short',
      contracts: 0.002,
      marginMode: 'isolated',
    });
    expect(makerPosition?.leverage).toBe(5);

    const balance = await exchange.fetchBalance();
    const wallet = ok(
      await client().get<{
        balances: { wallet: string; asset: string; available: string; frozen: string }[];
      }>('/wallet/balances', {}, { token: taker.token }),
    ).balances.find((each) => each.wallet === 'contract' && each.asset === 'USDT');
    expect(balance.USDT?.free).toBe(Number(wallet?.available));
    expect(balance.USDT?.used).toBe(Number(wallet?.frozen));

    const trades = await exchange.fetchMyTrades(symbol);
    const fills = await appList<{ id: number; price: string; quantity: string; fee: string }>(
      taker,
      '/contract/fills',
      { symbol: 'BTCUSDT' },
    );
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      id: String(fills[0]?.id),
      order: bought.id,
      side: 'buy',
      takerOrMaker: 'taker',
      price: Number(fills[0]?.price),
      amount: Number(fills[0]?.quantity),
    });
    expect(trades[0]?.fee?.cost).toBe(Number(fills[0]?.fee));

    const candles = await exchange.fetchOHLCV(symbol, '1m');
    expect(candles.at(-1)?.[4]).toBe(Number(sellPrice));
  });
});

describe('one-way positions, reduce-only orders and what the door does not take', () => {
  it('reduces a long with a reduce-only sell and refuses one facing its own side', async () => {
    await bid(usdm(maker), -2_000);
    const exchange = usdm(taker);
    const sold = await exchange.createOrder(symbol, 'market', 'sell', 0.001, undefined, {
      reduceOnly: true,
    });
    expect(sold).toMatchObject({ status: 'closed', filled: 0.001, reduceOnly: true });
    const [app] = await appPositions(taker);
    expect(app).toMatchObject({ direction: 'long', quantity: '0.00100' });
    const [position] = await exchange.fetchPositions([symbol]);
    expect(position).toMatchObject({ side: 'long', contracts: 0.001 });
    // The maker's buy reduced its short, as one-way mode nets it.
    const [makerNow] = await appPositions(maker);
    expect(makerNow).toMatchObject({ direction: 'short', quantity: '0.00100' });

    const facing = await refusal(bid(exchange, -2_000, 0.001, { reduceOnly: true }));
    expect(facing.name).toBe('ExchangeError');
    expect(lastAnswer(exchange)).toMatchObject({ code: -2022 });
    expect(await appOrders(taker)).toEqual([]);
  });

  it('keeps the margin type of an open position (-4048) and of the mode in force (-4046)', async () => {
    const exchange = usdm(taker);
    const changed = await refusal(exchange.setMarginMode('isolated', symbol));
    expect(lastAnswer(exchange)).toMatchObject({ code: -4048 });
    expect(changed.name).toBe('OperationRejected');
    const same = await refusal(exchange.setMarginMode('cross', symbol));
    expect(same.name).toBe('MarginModeAlreadySet');
  });

  it('refuses conditional orders rather than placing something else', async () => {
    const exchange = usdm(taker);
    const order = { symbol: 'BTCUSDT', side: 'SELL', type: 'STOP_MARKET', quantity: '0.001' };
    const stopPrice = priceFrom(mark, -100_000);
    const stop = await refusal(exchange.fapiPrivatePostOrder({ ...order, stopPrice }));
    expect(stop.name).toBe('BadRequest');
    expect(lastAnswer(exchange)).toMatchObject({ code: -1116 });
    // ccxt reads `orderTypes` (LIMIT and MARKET alone) and refuses a stop-loss order itself.
    const algo = await refusal(
      exchange.createOrder(symbol, 'limit', 'sell', 0.001, Number(priceFrom(mark, -100_000)), {
        stopLossPrice: Number(priceFrom(mark, -100_000)),
      }),
    );
    expect(algo.name).toBe('InvalidOrder');
    expect(await appOrders(taker)).toEqual([]);
  });

  it('answers the candles /contract/kline answers', async () => {
    const candles = await usdm(taker).fetchOHLCV(symbol, '1m', undefined, 10);
    const query = { symbol: 'BTCUSDT', period: '1m', limit: '10' };
    type Row = [number, string, string, string, string, string];
    const app = ok(await client().get<{ candles: Row[] }>('/contract/kline', query)).candles;
    expect(candles).toEqual(app.map((row) => [row[0], ...row.slice(1).map(Number)]));
  });
});

describe('refusals in Binance terms', () => {
  it('answers another user’s order exactly as a missing one', async () => {
    const order = await bid(usdm(maker), -4_000);
    const stranger = usdm(taker);
    const fetched = await refusal(stranger.fetchOrder(idOf(order), symbol));
    const missing = await refusal(stranger.fetchOrder('999999999', symbol));
    expect(fetched).toEqual(missing);
    expect(fetched.name).toBe('OrderNotFound');
    expect(fetched.message).toContain('-2013');
    const cancelled = await refusal(stranger.cancelOrder(idOf(order), symbol));
    expect(cancelled.name).toBe('OrderNotFound');
    expect(cancelled.message).toContain('-2011');
    expect(cancelled).toEqual(await refusal(stranger.cancelOrder('999999999', symbol)));
    expect((await appOrders(maker)).map((each) => each.id)).toContain(Number(order.id));
    await usdm(maker).cancelOrder(idOf(order), symbol);
  });

  it('places one order for a client order id sent twice', async () => {
    const exchange = usdm(maker);
    const priceText = priceFrom(mark, -3_000);
    const price = Number(priceText);
    const params = { newClientOrderId: `retry-${randomUUID().slice(0, 8)}` };
    const first = await exchange.createOrder(symbol, 'limit', 'buy', 0.001, price, params);
    const second = await exchange.createOrder(symbol, 'limit', 'buy', 0.001, price, params);
    expect(second.id).toBe(first.id);
    expect(second.clientOrderId).toBe(params.newClientOrderId);
    const resting = (await appOrders(maker)).filter((each) => each.price === priceText);
    expect(resting).toHaveLength(1);
    const byClientId = await exchange.fetchOrder('', symbol, {
      origClientOrderId: params.newClientOrderId,
    });
    expect(byClientId.id).toBe(first.id);
    const other = await refusal(exchange.createOrder(symbol, 'limit', 'buy', 0.002, price, params));
    expect(other.message).toContain('-4116');
    await exchange.cancelOrder(idOf(first), symbol);

    // Two copies at once, as a bot's retry may race its first try: still one order.
    const together = { newClientOrderId: `race-${randomUUID().slice(0, 8)}` };
    const copies = await Promise.all([
      bid(exchange, -2_500, 0.001, together),
      bid(usdm(maker), -2_500, 0.001, together),
    ]);
    expect(copies[1].id).toBe(copies[0].id);
    expect((await appOrders(maker)).map((each) => each.id)).toEqual([Number(copies[0].id)]);
    await exchange.cancelOrder(idOf(copies[0]), symbol);
  });

  it('refuses a key without futures (-2015) and places nothing', async () => {
    const reader = await perpetualTrader('1000', ['read']);
    const refused = await refusal(bid(usdm(reader), -1_000));
    expect(refused.name).toBe('AuthenticationError');
    expect(refused.message).toContain('-2015');
    expect(await appOrders(reader)).toEqual([]);
    expect(await appOrders(reader, 'history')).toEqual([]);
  });

  it('refuses an order its margin does not cover as InsufficientFunds', async () => {
    const poor = await perpetualTrader('10');
    const exchange = usdm(poor);
    const refused = await refusal(bid(exchange, -1_000, 0.01));
    expect(refused.name).toBe('InsufficientFunds');
    expect(lastAnswer(exchange)).toEqual({
      code: -2019,
      msg: 'Account has insufficient balance for requested action.',
    });
    expect(await appOrders(poor)).toEqual([]);
  });

  it('refuses a leverage the market does not allow (-4028)', async () => {
    const exchange = usdm(maker);
    for (const leverage of ['200', '0', 'x']) {
      const refused = await refusal(
        exchange.fapiPrivatePostLeverage({ symbol: 'BTCUSDT', leverage }),
      );
      expect(refused.name).toBe('BadRequest');
      expect(refused.message).toContain('-4028');
    }
  });
});

describe("the perpetuals' user data stream", () => {
  /** `trader`'s perpetuals stream, open (its listen key made with the key alone). */
  async function futuresStream(trader: DoorTrader): Promise<DoorStream> {
    const made = await fetch(`${server.url}/fapi/v1/listenKey`, {
      method: 'POST',
      headers: { 'x-mbx-apikey': trader.key.apiKey },
    });
    const { listenKey } = await made.json();
    const stream = new DoorStream(server.url, `/private/ws?listenKey=${listenKey}`);
    streams.push(stream);
    await stream.opened;
    return stream;
  }

  it('tells both sides of a trade in ORDER_TRADE_UPDATE, and their accounts in ACCOUNT_UPDATE', async () => {
    const seller = await perpetualTrader('10000');
    const buyer = await perpetualTrader('10000');
    const [sellerStream, buyerStream] = [await futuresStream(seller), await futuresStream(buyer)];
    const price = Number(priceFrom(mark, 500));
    const resting = await usdm(seller).createOrder(symbol, 'limit', 'sell', 0.002, price, {
      newClientOrderId: 'stream-sell',
    });
    const placed = await sellerStream.next((event) => orderOf(event)?.x === 'NEW');
    expect(orderOf(placed)).toMatchObject({
      s: 'BTCUSDT',
      c: 'stream-sell',
      S: 'SELL',
      o: 'LIMIT',
      X: 'NEW',
      i: Number(idOf(resting)),
      q: '0.00200',
      z: '0.00000',
    });

    await usdm(buyer).createOrder(symbol, 'limit', 'buy', 0.001, price, {
      newClientOrderId: 'stream-buy',
    });
    const made = orderOf(await sellerStream.next((event) => orderOf(event)?.x === 'TRADE'));
    const took = orderOf(await buyerStream.next((event) => orderOf(event)?.x === 'TRADE'));
    expect(made).toMatchObject({
      c: 'stream-sell',
      X: 'PARTIALLY_FILLED',
      l: '0.00100',
      z: '0.00100',
      m: true,
    });
    expect(took).toMatchObject({ c: 'stream-buy', X: 'FILLED', l: '0.00100', m: false, N: 'USDT' });
    expect(made?.L).toBe(took?.L);
    expect(took?.t).toBe(made?.t);
    expect(typeof took?.t).toBe('number');

    const account = await buyerStream.next((event) => event.e === 'ACCOUNT_UPDATE');
    expect(account.a).toMatchObject({
      m: 'ORDER',
      B: [expect.objectContaining({ a: 'USDT' })],
      P: [expect.objectContaining({ s: 'BTCUSDT', pa: '0.001', ps: 'BOTH' })],
    });
    // As the app's own position call shows it.
    const [position] = await appPositions(buyer);
    expect(position?.entry_price).toBe((account.a as { P: { ep: string }[] }).P[0]?.ep);
  });
});

/** The order of an `ORDER_TRADE_UPDATE`, if the event is one. */
function orderOf(event: Record<string, unknown>): Record<string, unknown> | undefined {
  if (event.e !== 'ORDER_TRADE_UPDATE' || typeof event.o !== 'object' || event.o === null) {
    return undefined;
  }
  return Object.fromEntries(Object.entries(event.o));
}
