// The perpetuals' rows in Binance's USDⓈ-M shapes (server/contract/binance-views.ts): an order's
// status as Binance names it, a position's amount and notional signed by its direction, the wallet's
// figures summed from its positions; and the door's calls bound to a market routed to the node
// holding it (server/contract/call-market.ts), the symbol in the query string or the form body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import {
  binanceAsset,
  binanceOrder,
  binancePosition,
  defaultClientOrderId,
} from '../../server/contract/binance-views.ts';
import { contractCallLease } from '../../server/contract/call-market.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { contractOrder, position } from '../support/contract-fixtures.ts';
import { perpetual } from '../support/perpetuals.ts';

const eth = perpetual('ETHUSDT');

describe('orders in Binance terms', () => {
  it.each([
    ['open', null, 'NEW'],
    ['partially_filled', null, 'PARTIALLY_FILLED'],
    ['filled', null, 'FILLED'],
    ['cancelled', 'user', 'CANCELED'],
    ['cancelled', 'unfilled', 'EXPIRED'],
    ['cancelled', 'self_trade', 'EXPIRED_IN_MATCH'],
  ] as const)('shows a %s order (%s) as %s', (status, reason, shown) => {
    const order = contractOrder(7, status, { cancel_reason: reason });
    expect(binanceOrder(order, '0', 'bot-1').status).toBe(shown);
  });

  it('words a limit order with Binance’s fields and a market order at price 0', () => {
    const limit = binanceOrder(
      contractOrder(7, 'filled', { side: 'sell', reduce_only: true }),
      '290.00000000',
      'bot-1',
    );
    expect(limit).toMatchObject({
      orderId: 7,
      clientOrderId: 'bot-1',
      side: 'SELL',
      type: 'LIMIT',
      price: '2900.00',
      avgPrice: '2900.00',
      origQty: '0.1',
      executedQty: '0.1',
      cumQuote: '290',
      reduceOnly: true,
      positionSide: 'BOTH',
      timeInForce: 'GTC',
      time: Date.parse('2025-01-01T00:00:00.000Z'),
    });
    const market = binanceOrder(contractOrder(8, 'open', { type: 'market' }), '0', 'bot-2');
    expect(market).toMatchObject({ type: 'MARKET', price: '0', avgPrice: '0', status: 'NEW' });
  });

  it('names the app’s and the engine’s orders as Binance names the site’s and its own', () => {
    expect(defaultClientOrderId({ id: 3, purpose: 'user' })).toBe('web_3');
    expect(defaultClientOrderId({ id: 3, purpose: 'liquidation' })).toBe('autoclose-3');
    expect(defaultClientOrderId({ id: 3, purpose: 'adl' })).toBe('adl_autoclose-3');
  });
});

describe('positions and the wallet in Binance terms', () => {
  const long: ContractPosition = position(1, { mark_price: '3100.00', unrealized_pnl: '10' });
  const short: ContractPosition = position(2, {
    direction: 'short',
    margin_mode: 'cross',
    mark_price: '3100.00',
    unrealized_pnl: '-10',
  });

  it('signs the amount and the notional by direction', () => {
    expect(binancePosition(long, eth)).toMatchObject({
      positionAmt: '0.1',
      notional: '310',
      marginType: 'isolated',
      isolatedWallet: '30',
      isolatedMargin: '40',
      leverage: '10',
      positionSide: 'BOTH',
    });
    expect(binancePosition(short, eth)).toMatchObject({
      positionAmt: '-0.1',
      notional: '-310',
      marginType: 'cross',
      isolatedMargin: '0',
    });
  });

  it('sums the wallet with its positions: wallet, margin balance, what is frozen for orders', () => {
    const asset = binanceAsset({
      available: 100n * 10n ** 8n,
      frozen: 70n * 10n ** 8n,
      positions: [long, short],
      marketOf: () => eth,
      now: 1,
    });
    expect(asset).toMatchObject({
      walletBalance: '170',
      unrealizedProfit: '0',
      marginBalance: '170',
      initialMargin: '70',
      positionInitialMargin: '60',
      openOrderInitialMargin: '10',
      crossWalletBalance: '140',
      crossUnPnl: '-10',
      availableBalance: '100',
      updateTime: 1,
    });
  });
});

describe('the door’s calls bound to a market', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    db = opened.db;
    close = () => opened.close();
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('finds the symbol in the query string or the form body', async () => {
    const leaseOf = contractCallLease(db, new Set(['BTCUSDT', 'ETHUSDT']));
    for (const path of ['/fapi/v1/order', '/fapi/v1/leverage', '/fapi/v1/marginType']) {
      expect(await leaseOf({ path, query: {}, body: { symbol: 'ETHUSDT' } })).toBe('perp:ETHUSDT');
      expect(await leaseOf({ path, query: { symbol: 'BTCUSDT' }, body: undefined })).toBe(
        'perp:BTCUSDT',
      );
    }
    for (const path of ['/fapi/v1/depth', '/fapi/v1/klines']) {
      expect(await leaseOf({ path, query: { symbol: 'btcusdt' }, body: undefined })).toBe(
        'perp:BTCUSDT',
      );
    }
  });

  it('leaves a call naming no held market, or not bound to one, to the engines’ node', async () => {
    const leaseOf = contractCallLease(db, new Set(['BTCUSDT']));
    expect(await leaseOf({ path: '/fapi/v1/order', query: { symbol: 'NOPE' }, body: {} })).toBe(
      undefined,
    );
    expect(await leaseOf({ path: '/fapi/v1/order', query: {}, body: {} })).toBe(undefined);
    expect(
      await leaseOf({ path: '/fapi/v2/positionRisk', query: { symbol: 'BTCUSDT' }, body: {} }),
    ).toBe(undefined);
  });
});
