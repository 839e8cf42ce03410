// Spot orders on the Binance-compatible door (docs/api-binance.md § "Spot trading"): placing
// (`POST /api/v3/order`), cancelling (`DELETE`) and reading one (`GET`). Placing and cancelling run
// on the market's single writer exactly as the app's `/spot/order` and `/spot/cancel` do
// (spot-routes.ts), the client order id standing for the app's idempotency key; another user's
// order is answered exactly as one that does not exist.
import { z } from 'zod';
import type { BinanceRouter, KeyedEndpoint } from '../binance/binance-router.ts';
import { BinanceError, binanceCodes, binanceErrorOf, doorErrors } from '../binance/errors.ts';
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { knownMarkets } from '../market/catalog.ts';
import {
  clientIdsOf,
  clientOrderIdPattern,
  doorOrderPath,
  newClientOrderId,
  orderIdOfClientId,
} from './binance-client-ids.ts';
import {
  appOrderRequest,
  duplicateOrder,
  type NewOrderParams,
  newOrderParams,
} from './binance-order-params.ts';
import { binanceCanceledOrder, binanceNewOrder, binanceOrder } from './binance-order-views.ts';
import { takerFillsOf } from './binance-spot-reads.ts';
import { parseOrder } from './order-checks.ts';
import { findOrder, type SpotOrderRow } from './order-store.ts';
import type { SpotService } from './spot-service.ts';

/** An order id as sent: digits. One beyond any id the database gives is simply not found. */
const orderIdParam = z.string().regex(/^\d{1,20}$/);

const orderRef = {
  symbol: z.string().min(1),
  orderId: orderIdParam.optional(),
  origClientOrderId: z.string().min(1).max(100).optional(),
};

export const newOrderEndpoint = {
  method: 'POST',
  path: doorOrderPath,
  weight: 1,
  security: 'TRADE',
  scope: 'spot',
  kind: 'order',
  params: newOrderParams,
} satisfies KeyedEndpoint<typeof newOrderParams>;

const cancelParams = z.object({
  ...orderRef,
  newClientOrderId: z.string().regex(clientOrderIdPattern).optional(),
  cancelRestrictions: z.enum(['ONLY_NEW', 'ONLY_PARTIALLY_FILLED']).optional(),
});

export const cancelOrderEndpoint = {
  method: 'DELETE',
  path: doorOrderPath,
  weight: 1,
  security: 'TRADE',
  scope: 'spot',
  kind: 'cancel',
  params: cancelParams,
} satisfies KeyedEndpoint<typeof cancelParams>;

const queryParams = z.object(orderRef);

export const queryOrderEndpoint = {
  method: 'GET',
  path: doorOrderPath,
  weight: 4,
  security: 'USER_DATA',
  scope: 'read',
  params: queryParams,
} satisfies KeyedEndpoint<typeof queryParams>;

/** A symbol the spot markets ever listed (an order of a market since delisted is still read). */
export function checkSymbol(spot: SpotService, symbol: string): string {
  if (spot.market(symbol) || knownMarkets.some((spec) => spec.symbol === symbol)) return symbol;
  throw binanceErrorOf('market_unknown');
}

interface FoundOrder {
  row: SpotOrderRow;
  clientOrderId: string;
}

/**
 * The caller's order named by `orderId` or `origClientOrderId` (both: they must name the same
 * order) in `symbol`; undefined for one that does not exist, is in another market, or is another
 * user's, which are all answered alike.
 */
async function findDoorOrder(
  db: Db,
  userId: number,
  params: { symbol: string; orderId?: string | undefined; origClientOrderId?: string | undefined },
): Promise<FoundOrder | undefined> {
  const { orderId, origClientOrderId } = params;
  if (orderId === undefined && origClientOrderId === undefined) {
    throw new BinanceError(
      binanceCodes.MANDATORY_PARAM_EMPTY_OR_MALFORMED,
      "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!",
    );
  }
  const byClientId =
    origClientOrderId === undefined
      ? undefined
      : await orderIdOfClientId(db, userId, origClientOrderId);
  if (origClientOrderId !== undefined && byClientId === undefined) return undefined;
  const id = orderId === undefined ? byClientId : Number(orderId);
  if (id === undefined || !Number.isSafeInteger(id)) return undefined;
  if (byClientId !== undefined && byClientId !== id) return undefined;
  const row = await findOrder(db, userId, id);
  if (!row || row.symbol !== params.symbol) return undefined;
  const clientOrderId =
    origClientOrderId ?? (await clientIdsOf(db, userId, [row.id])).get(id) ?? '';
  return { row, clientOrderId };
}

/** The caller's order by id, as it stands: read again after a writer answered it. */
async function reread(db: Db, userId: number, orderId: number): Promise<SpotOrderRow> {
  const row = await findOrder(db, userId, orderId);
  if (!row) throw new Error(`spot order ${orderId} answered but not found`);
  return row;
}

export function bindSpotOrderRoutes(
  router: BinanceRouter,
  deps: Pick<AppDeps, 'db' | 'clock'>,
  spot: SpotService,
): void {
  const { db } = deps;

  router.add(newOrderEndpoint, async ({ params, userId }) => {
    const request = appOrderRequest(params);
    const writer = spot.writerFor(request.symbol, 'market_unknown');
    const order = parseAsBinance(() => parseOrder(writer.market, userId, request));
    const clientOrderId = params.newClientOrderId ?? newClientOrderId();
    const placed = await writer
      .place(order, { userId, key: clientOrderId, path: newOrderEndpoint.path, request: order })
      .catch((error: unknown) => {
        if (error instanceof BusinessError && error.errorName === 'idempotency_key_reused') {
          throw duplicateOrder();
        }
        throw error;
      });
    // The writer's answer is the order as its batch left it (a retry's, as the first was
    // answered, as the app answers a retried key): no second read of it.
    const respType = respTypeOf(params);
    const fills = respType === 'FULL' ? await takerFillsOf(db, placed.id) : [];
    return binanceNewOrder(placed, clientOrderId, respType, fills);
  });

  router.add(cancelOrderEndpoint, async ({ params, userId }) => {
    const symbol = checkSymbol(spot, params.symbol);
    const found = await findDoorOrder(db, userId, { ...params, symbol });
    if (!found) throw binanceErrorOf('order_not_found', { kind: 'cancel' });
    const { row, clientOrderId } = found;
    // Judged on the order as read: one that trades between this read and its cancel is still
    // cancelled (the writer has no such condition).
    const restriction = params.cancelRestrictions;
    if (
      (restriction === 'ONLY_NEW' && row.status !== 'open') ||
      (restriction === 'ONLY_PARTIALLY_FILLED' && row.status !== 'partially_filled')
    ) {
      throw new BinanceError(
        binanceCodes.CANCEL_REJECTED,
        'Order was not canceled due to cancel restrictions.',
      );
    }
    const orderId = Number(row.id);
    const writer = spot.writerFor(row.symbol, 'order_not_open');
    await writer.cancel(userId, orderId);
    const cancelled = await reread(db, userId, orderId);
    return binanceCanceledOrder(
      cancelled,
      clientOrderId,
      params.newClientOrderId ?? newClientOrderId(),
      deps.clock.now().getTime(),
    );
  });

  router.add(queryOrderEndpoint, async ({ params, userId }) => {
    const symbol = checkSymbol(spot, params.symbol);
    const found = await findDoorOrder(db, userId, { ...params, symbol });
    if (!found) throw binanceErrorOf('order_not_found');
    return binanceOrder(found.row, found.clientOrderId);
  });
}

function respTypeOf(params: NewOrderParams) {
  // Binance's default for LIMIT and MARKET orders, the only ones the door takes.
  return params.newOrderRespType ?? 'FULL';
}

/** The app's order checks, their refusals naming Binance's parameters (`quoteOrderQty`). */
function parseAsBinance<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    const field = error.params.field;
    if (field === 'turnover') return throwError(doorErrors.illegalChars('quoteOrderQty'));
    throw error;
  }
}

function throwError(error: BinanceError): never {
  throw error;
}
