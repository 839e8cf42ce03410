// The spot door's pure parts: Binance's parameters into the app's order request (or Binance's
// refusal naming the parameter), the app's rows in Binance's shapes, and the symbol a door call is
// routed by when the spot markets are spread over the nodes.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { BinanceError } from '../../server/binance/errors.ts';
import { binanceStatus } from '../../server/binance/order-status.ts';
import type { Database } from '../../server/db/tables.ts';
import { appOrderRequest, newOrderParams } from '../../server/spot/binance-order-params.ts';
import { binanceNewOrder, binanceOwnTrade } from '../../server/spot/binance-order-views.ts';
import { doorSymbolOf, spotCallLease } from '../../server/spot/call-market.ts';
import type { SpotOrderRow } from '../../server/spot/order-store.ts';

const params = (extra: Record<string, string>) =>
  newOrderParams.parse({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', ...extra });

function refusal(extra: Record<string, string>): { code: number; msg: string } | undefined {
  try {
    appOrderRequest(params(extra));
    return undefined;
  } catch (error) {
    if (error instanceof BinanceError) return error.body;
    throw error;
  }
}

describe("Binance's order parameters as the app's order", () => {
  it('maps LIMIT GTC, MARKET SELL by quantity and MARKET BUY by quoteOrderQty', () => {
    expect(
      appOrderRequest(params({ timeInForce: 'GTC', price: '97000', quantity: '0.001' })),
    ).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '97000', quantity: '0.001' });
    expect(
      appOrderRequest(params({ side: 'SELL', type: 'MARKET', quantity: '0.5' })),
    ).toMatchObject({ side: 'sell', type: 'market', quantity: '0.5' });
    expect(appOrderRequest(params({ type: 'MARKET', quoteOrderQty: '100' }))).toMatchObject({
      side: 'buy',
      type: 'market',
      turnover: '100',
    });
  });

  it('refuses, naming the parameter in Binance terms, what the app does not do', () => {
    expect(refusal({ type: 'MARKET', quantity: '1' })?.code).toBe(-1106);
    expect(refusal({ type: 'MARKET' })).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'quoteOrderQty' was not sent, was empty/null, or malformed.",
    });
    expect(refusal({ price: '1', quantity: '1' })?.code).toBe(-1102);
    expect(refusal({ timeInForce: 'FOK', price: '1', quantity: '1' })?.code).toBe(-1115);
    expect(refusal({ type: 'TAKE_PROFIT', quantity: '1' })?.code).toBe(-1116);
    expect(refusal({ timeInForce: 'GTC', price: '-1', quantity: '1' })).toEqual({
      code: -1100,
      msg: "Illegal characters found in parameter 'price'.",
    });
    expect(
      refusal({ timeInForce: 'GTC', price: '1', quantity: '1', selfTradePreventionMode: 'NONE' })
        ?.code,
    ).toBe(-1100);
    expect(() => newOrderParams.parse({ ...params({}), surprise: '1' })).toThrow();
  });
});

const row: SpotOrderRow = {
  id: '42',
  user_id: 1,
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'market',
  price: null,
  quantity: null,
  turnover: '200.00000000',
  filled_quantity: '0.00100000',
  filled_quote: '97.00000000',
  fee: '0.00000100',
  fee_asset: 'BTC',
  frozen_asset: 'USDT',
  frozen: '0',
  status: 'cancelled',
  cancel_reason: 'unfilled',
  created_at: new Date(1_700_000_000_000),
  updated_at: new Date(1_700_000_000_005),
};

describe("the app's rows in Binance's shapes", () => {
  it('names statuses as Binance does: an unfilled market rest and a self-traded maker expire', () => {
    expect(binanceStatus({ status: 'open', cancel_reason: null })).toBe('NEW');
    expect(binanceStatus({ status: 'partially_filled', cancel_reason: null })).toBe(
      'PARTIALLY_FILLED',
    );
    expect(binanceStatus({ status: 'filled', cancel_reason: null })).toBe('FILLED');
    expect(binanceStatus({ status: 'cancelled', cancel_reason: 'user' })).toBe('CANCELED');
    expect(binanceStatus({ status: 'cancelled', cancel_reason: 'unfilled' })).toBe('EXPIRED');
    expect(binanceStatus({ status: 'cancelled', cancel_reason: 'self_trade' })).toBe(
      'EXPIRED_IN_MATCH',
    );
  });

  it('answers a market buy by quote amount with what it bought as origQty, and its fills', () => {
    const fill = {
      id: '7',
      price: '97000.00000000',
      quantity: '0.00100000',
      taker_fee: '0.000001',
    };
    expect(binanceNewOrder(row, 'bot-1', 'FULL', [fill])).toEqual({
      symbol: 'BTCUSDT',
      orderId: 42,
      orderListId: -1,
      clientOrderId: 'bot-1',
      transactTime: 1_700_000_000_000,
      price: '0.00000000',
      origQty: '0.00100000',
      executedQty: '0.00100000',
      origQuoteOrderQty: '200.00000000',
      cummulativeQuoteQty: '97.00000000',
      status: 'EXPIRED',
      timeInForce: 'GTC',
      type: 'MARKET',
      side: 'BUY',
      workingTime: 1_700_000_000_000,
      selfTradePreventionMode: 'EXPIRE_MAKER',
      fills: [
        {
          price: '97000.00000000',
          qty: '0.00100000',
          commission: '0.00000100',
          commissionAsset: 'BTC',
          tradeId: 7,
        },
      ],
    });
    expect(Object.keys(binanceNewOrder(row, 'bot-1', 'ACK', []))).toHaveLength(5);
  });

  it("shows a trade from the caller's side: a maker's side is the taker's opposite", () => {
    const trade = {
      id: 9,
      symbol: 'BTCUSDT',
      order_id: 3,
      taker: false,
      taker_side: 'buy' as const,
      price: '97000',
      quantity: '0.001',
      quote: '97',
      fee: '0.097',
      fee_asset: 'USDT',
      created_at: new Date(5),
    };
    expect(binanceOwnTrade(trade)).toMatchObject({ isBuyer: false, isMaker: true, time: 5 });
  });
});

describe('the symbol a door call is routed by', () => {
  it("reads the query string's first, then the form body's", () => {
    expect(doorSymbolOf({ query: { symbol: 'ethusdt' }, body: { symbol: 'BTCUSDT' } })).toBe(
      'ETHUSDT',
    );
    expect(doorSymbolOf({ query: {}, body: { symbol: 'BTCUSDT' } })).toBe('BTCUSDT');
    expect(doorSymbolOf({ query: { symbol: ['A', 'B'] }, body: undefined })).toBeUndefined();
  });
});

describe('the lease a door order call is answered under, the spot markets spread', () => {
  // A door call names its symbol: its market is known without asking the database.
  const unreachable = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const leaseOf = spotCallLease(unreachable, new Set(['BTCUSDT', 'ETHUSDT']));

  it("is the named market's, for placing, cancelling and reading alike", async () => {
    const path = '/api/v3/order';
    expect(await leaseOf({ path, query: {}, body: { symbol: 'ETHUSDT' } })).toBe('spot:ETHUSDT');
    expect(await leaseOf({ path, query: { symbol: 'BTCUSDT' }, body: undefined })).toBe(
      'spot:BTCUSDT',
    );
    // A market not listed: answered where the engines are, with the door's -1121.
    expect(await leaseOf({ path, query: { symbol: 'NOPEUSDT' }, body: undefined })).toBeUndefined();
    // The account's reads are bound to no market.
    expect(
      await leaseOf({ path: '/api/v3/openOrders', query: { symbol: 'BTCUSDT' }, body: undefined }),
    ).toBeUndefined();
  });
});
