// The perpetuals' orders on the Binance door (docs/api-binance.md § "Perpetuals"):
// `POST`, `DELETE` and `GET /fapi/v1/order` and `GET /fapi/v1/openOrders`. One-way positions: a BUY
// opens or adds to a long, or closes a short and opens a long with what is left (the engine nets
// them as it does the app's own orders); `reduceOnly` makes it a close that never opens. The
// order goes to the same engine call `/contract/open` makes, with the terms in force
// (binance-terms.ts) and `newClientOrderId` as its idempotency key (binance-client-ids.ts).
import { z } from 'zod';
import type { BinanceRouter } from '../binance/binance-router.ts';
import { BusinessError } from '../http/business-error.ts';
import type { NewContractOrder } from './batch-types.ts';
import {
  clientOrderIdPattern,
  clientOrderIdsOf,
  newClientOrderId,
  orderIdOf,
  orderKey,
  orderPath,
} from './binance-client-ids.ts';
import type { PerpetualDoorDeps } from './binance-market-routes.ts';
import { inBinanceTerms, perpetualRefusals } from './binance-refusals.ts';
import { heldTerms, termsInForce } from './binance-terms.ts';
import { binanceOrder, defaultClientOrderId } from './binance-views.ts';
import type { ContractEngine } from './contract-engine.ts';
import { findOrder, listOrders, orderRowView } from './contract-queries.ts';
import type { ContractService } from './contract-service.ts';
import { priceOf, quantityOf } from './order-parse.ts';

const symbol = z.string().min(1);
const orderId = z
  .string()
  .regex(/^[1-9]\d{0,17}$/)
  .transform(Number);
const clientId = z.string().regex(clientOrderIdPattern);
const orderRef = z.object({
  symbol,
  orderId: orderId.optional(),
  origClientOrderId: clientId.optional(),
});

const newOrder = z.object({
  symbol,
  side: z.enum(['BUY', 'SELL']),
  type: z.string().min(1),
  quantity: z.string().min(1),
  price: z.string().optional(),
  timeInForce: z.string().optional(),
  reduceOnly: z.enum(['true', 'false']).optional(),
  positionSide: z.string().optional(),
  newClientOrderId: clientId.optional(),
  newOrderRespType: z.string().optional(),
  stopPrice: z.string().optional(),
  closePosition: z.string().optional(),
});
type NewOrder = z.output<typeof newOrder>;

export function binanceOrderRoutes(
  router: BinanceRouter,
  deps: PerpetualDoorDeps,
  service: ContractService,
): void {
  const { db } = deps;

  /** The order as Binance shows it, read back from its row (its exact filled value with it). */
  const shown = async (userId: number, id: number, clientOrderId?: string) => {
    const row = await findOrder(db, userId, id);
    if (!row) throw new BusinessError('order_not_found');
    const view = orderRowView(row, service.scalesOf(row.symbol));
    const client =
      clientOrderId ??
      (await clientOrderIdsOf(db, userId, [id])).get(id) ??
      defaultClientOrderId(view);
    return binanceOrder(view, row.filled_value, client);
  };

  /** The user's order named by id or client id in `symbol`; another's or none is missing. */
  const ownOrder = async (userId: number, ref: z.output<typeof orderRef>) => {
    if (ref.orderId === undefined && ref.origClientOrderId === undefined) {
      throw new BusinessError('field_required', { field: 'orderId' });
    }
    const id =
      ref.orderId ??
      (ref.origClientOrderId === undefined
        ? undefined
        : await orderIdOf(db, userId, ref.origClientOrderId));
    const row = id === undefined ? undefined : await findOrder(db, userId, id);
    if (!row || row.symbol !== ref.symbol) throw new BusinessError('order_not_found');
    return Number(row.id);
  };

  router.add(
    {
      method: 'POST',
      path: orderPath,
      weight: 1,
      security: 'TRADE',
      scope: 'futures',
      kind: 'order',
      params: newOrder,
    },
    async ({ params, userId }) => {
      const engine = service.runningEngine();
      const order = await doorOrder(engine, deps, userId, params);
      const clientOrderId = params.newClientOrderId ?? newClientOrderId();
      const placed = await inBinanceTerms(() =>
        engine.open(order, {
          userId,
          key: orderKey(clientOrderId),
          path: orderPath,
          // The order as sent (the door's `timestamp` and signature and the answer's form aside):
          // a retry with the same client id and the same order is answered with that order.
          request: { ...params, newOrderRespType: undefined },
        }),
      );
      return shown(userId, placed.id, clientOrderId);
    },
  );

  router.add(
    {
      method: 'DELETE',
      path: orderPath,
      weight: 1,
      security: 'TRADE',
      scope: 'futures',
      kind: 'cancel',
      params: orderRef,
    },
    async ({ params, userId }) => {
      const id = await ownOrder(userId, params);
      await service.runningEngine().cancel(userId, id);
      return shown(userId, id, params.origClientOrderId);
    },
  );

  router.add(
    {
      method: 'GET',
      path: orderPath,
      weight: 1,
      security: 'USER_DATA',
      scope: 'read',
      params: orderRef,
    },
    async ({ params, userId }) =>
      shown(userId, await ownOrder(userId, params), params.origClientOrderId),
  );

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/openOrders',
      // Binance's weights: 1 for one market, 40 for every one.
      weight: 1,
      weightOf: ({ symbol }) => (symbol === undefined ? 40 : 1),
      security: 'USER_DATA',
      scope: 'read',
      params: z.object({ symbol: symbol.optional() }),
    },
    async ({ params, userId }) => {
      if (params.symbol !== undefined && !service.engine?.markets.has(params.symbol)) {
        throw new BusinessError('market_unknown');
      }
      // Binance's ceiling on a symbol's open orders is 200; every one is listed here.
      const { rows } = await listOrders(db, userId, 'current', params.symbol, 1, 10_000);
      const ids = await clientOrderIdsOf(
        db,
        userId,
        rows.map((row) => Number(row.id)),
      );
      return rows.reverse().map((row) => {
        const view = orderRowView(row, service.scalesOf(row.symbol));
        return binanceOrder(view, row.filled_value, ids.get(view.id) ?? defaultClientOrderId(view));
      });
    },
  );
}

/**
 * A Binance order as the engine's: LIMIT (GTC) or MARKET, at the terms in force. Refused before
 * the engine for what no retry could change (the type, a price where none belongs).
 */
async function doorOrder(
  engine: ContractEngine,
  deps: PerpetualDoorDeps,
  userId: number,
  params: NewOrder,
): Promise<NewContractOrder> {
  const market = engine.markets.get(params.symbol);
  if (!market) throw new BusinessError('market_unknown');
  if (params.type !== 'LIMIT' && params.type !== 'MARKET') {
    throw perpetualRefusals.invalidOrderType();
  }
  if (params.positionSide !== undefined && params.positionSide !== 'BOTH') {
    throw perpetualRefusals.positionSide();
  }
  if (params.stopPrice !== undefined) throw perpetualRefusals.notRequired('stopPrice');
  if (params.closePosition !== undefined) throw perpetualRefusals.notRequired('closePosition');
  const limit = params.type === 'LIMIT';
  if (limit && params.timeInForce !== undefined && params.timeInForce !== 'GTC') {
    throw perpetualRefusals.invalidTimeInForce();
  }
  if (limit && params.price === undefined) {
    throw new BusinessError('field_required', { field: 'price' });
  }
  if (!limit && params.price !== undefined) throw perpetualRefusals.notRequired('price');
  const reduceOnly = params.reduceOnly === 'true';
  // A reduce-only order closes on the position's terms; without a position the engine refuses it
  // (after answering a retry of one that did close it).
  const terms = reduceOnly
    ? (heldTerms(engine.state, userId, market.symbol) ?? { leverage: 1, marginMode: 'cross' })
    : await termsInForce(deps.db, engine.state, userId, market);
  return {
    userId,
    symbol: market.symbol,
    side: params.side === 'BUY' ? 'buy' : 'sell',
    type: limit ? 'limit' : 'market',
    price: limit ? priceOf(market, params.price) : null,
    quantity: quantityOf(market, params.quantity),
    leverage: terms.leverage,
    marginMode: terms.marginMode,
    reduceOnly,
    purpose: 'user',
  };
}
