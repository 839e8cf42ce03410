// The caller's spot account on the Binance-compatible door (docs/api-binance.md § "Spot trading"):
// open orders, every order of a market, trades and balances. Reads of the database alone, with
// the key's `read` scope; the rows are the app's own, in Binance's shapes (binance-order-views.ts).

import { z } from 'zod';
import { fromUnits } from '../../core/market/units.ts';
import type { BinanceRouter, KeyedEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import type { AppDeps } from '../deps.ts';
import { clientIdsOf } from './binance-client-ids.ts';
import { checkSymbol } from './binance-order-routes.ts';
import { binanceOrder, binanceOwnTrade } from './binance-order-views.ts';
import { fundingBalancesOf, openOrdersOf, ordersOf, ownTradesOf } from './binance-spot-reads.ts';
import type { SpotOrderRow } from './order-store.ts';
import type { SpotService } from './spot-service.ts';

/** A whole number as sent, within what a JavaScript number holds exactly. */
const whole = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
/** Binance's `limit`: 1 to 1,000, 500 when not sent. */
const limit = whole.refine((value) => value >= 1 && value <= 1000).optional();
const defaultLimit = 500;

const openOrdersParams = z.object({ symbol: z.string().min(1).optional() });
export const openOrdersEndpoint = {
  method: 'GET',
  path: '/api/v3/openOrders',
  // Binance's weights: 6 for one market, 80 for every one.
  weight: 6,
  weightOf: ({ symbol }: z.output<typeof openOrdersParams>) => (symbol === undefined ? 80 : 6),
  security: 'USER_DATA',
  scope: 'read',
  params: openOrdersParams,
} satisfies KeyedEndpoint<typeof openOrdersParams>;

const window = {
  symbol: z.string().min(1),
  startTime: whole.optional(),
  endTime: whole.optional(),
  limit,
};

const allOrdersParams = z.object({ ...window, orderId: whole.optional() });
export const allOrdersEndpoint = {
  method: 'GET',
  path: '/api/v3/allOrders',
  weight: 20,
  security: 'USER_DATA',
  scope: 'read',
  params: allOrdersParams,
} satisfies KeyedEndpoint<typeof allOrdersParams>;

const myTradesParams = z.object({ ...window, orderId: whole.optional(), fromId: whole.optional() });
export const myTradesEndpoint = {
  method: 'GET',
  path: '/api/v3/myTrades',
  // Binance's weights: 5 for one order's trades, 20 for a window of them.
  weight: 5,
  weightOf: ({ orderId }: z.output<typeof myTradesParams>) => (orderId === undefined ? 20 : 5),
  security: 'USER_DATA',
  scope: 'read',
  params: myTradesParams,
} satisfies KeyedEndpoint<typeof myTradesParams>;

const accountParams = z.object({ omitZeroBalances: z.enum(['true', 'false']).optional() });
export const accountEndpoint = {
  method: 'GET',
  path: '/api/v3/account',
  weight: 20,
  security: 'USER_DATA',
  scope: 'read',
  params: accountParams,
} satisfies KeyedEndpoint<typeof accountParams>;

/** A fee rate in parts per million as Binance's decimal rate (`0.00100000`) and its basis points. */
function rate(ppm: number) {
  return { decimal: binanceDecimal(fromUnits(ppm, 6)), bps: Math.round(ppm / 100) };
}

export function bindSpotAccountRoutes(
  router: BinanceRouter,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  spot: SpotService,
): void {
  const { db } = deps;

  /** Rows in Binance's shape, each with its client order id. */
  async function withClientIds(userId: number, rows: readonly SpotOrderRow[]) {
    const ids = await clientIdsOf(
      db,
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => binanceOrder(row, ids.get(Number(row.id)) ?? ''));
  }

  router.add(openOrdersEndpoint, async ({ params, userId }) => {
    const symbol = params.symbol === undefined ? undefined : checkSymbol(spot, params.symbol);
    return withClientIds(userId, await openOrdersOf(db, userId, symbol));
  });

  router.add(allOrdersEndpoint, async ({ params, userId }) => {
    const symbol = checkSymbol(spot, params.symbol);
    const rows = await ordersOf(db, userId, symbol, {
      ...(params.orderId === undefined ? {} : { fromId: params.orderId }),
      ...(params.startTime === undefined ? {} : { startTime: params.startTime }),
      ...(params.endTime === undefined ? {} : { endTime: params.endTime }),
      limit: params.limit ?? defaultLimit,
    });
    return withClientIds(userId, rows);
  });

  router.add(myTradesEndpoint, async ({ params, userId }) => {
    const symbol = checkSymbol(spot, params.symbol);
    const rows = await ownTradesOf(db, userId, symbol, {
      ...(params.orderId === undefined ? {} : { orderId: params.orderId }),
      ...(params.fromId === undefined ? {} : { fromId: params.fromId }),
      ...(params.startTime === undefined ? {} : { startTime: params.startTime }),
      ...(params.endTime === undefined ? {} : { endTime: params.endTime }),
      limit: params.limit ?? defaultLimit,
    });
    return rows.map(binanceOwnTrade);
  });

  router.add(accountEndpoint, async ({ params, userId, apiKey }) => {
    const held = await fundingBalancesOf(db, userId);
    const byAsset = new Map(held.map((row) => [row.asset, row]));
    // Every asset a listed market trades is listed, at zero when the user holds none, as Binance
    // lists every asset; then whatever else the user holds.
    const assets = new Set([
      ...spot.markets().flatMap((market) => [market.base, market.quote]),
      ...byAsset.keys(),
    ]);
    const balances = [...assets].sort().map((asset) => {
      const row = byAsset.get(asset);
      return {
        asset,
        free: binanceDecimal(row?.available ?? null),
        locked: binanceDecimal(row?.frozen ?? null),
      };
    });
    const zero = binanceDecimal(null);
    const maker = rate(deps.config.spot.makerFeePpm);
    const taker = rate(deps.config.spot.takerFeePpm);
    return {
      makerCommission: maker.bps,
      takerCommission: taker.bps,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: maker.decimal, taker: taker.decimal, buyer: zero, seller: zero },
      // What this key may do: trade when it holds the spot scope; no key withdraws or deposits.
      canTrade: apiKey.scopes.has('spot'),
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: deps.clock.now().getTime(),
      accountType: 'SPOT',
      balances:
        params.omitZeroBalances === 'true'
          ? balances.filter((balance) => balance.free !== zero || balance.locked !== zero)
          : balances,
      permissions: ['SPOT'],
      uid: userId,
    };
  });
}
