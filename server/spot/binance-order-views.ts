// The app's spot order and trade rows in Binance's shapes (docs/api-binance.md § "Spot trading"):
// field names, upper-case enums, decimal strings with eight places and times in ms, as Binance's
// `/api/v3` answers them and ccxt's `binance` class reads them. Kept apart from the routes so that
// whatever else speaks Binance about an order (a user-data stream's `executionReport`) says the
// same thing.
import { binanceDecimal } from '../binance/decimals.ts';
import { binanceStatus } from '../binance/order-status.ts';
import type { SpotOrderRow } from './order-store.ts';

export type NewOrderRespType = 'ACK' | 'RESULT' | 'FULL';

/**
 * Self-trade prevention as the engine does it: the resting order of the same user is taken off the
 * book, the incoming one goes on (docs/spot.md § Orders). Binance calls that EXPIRE_MAKER.
 */
export const selfTradePreventionMode = 'EXPIRE_MAKER';

/**
 * What the door reads of an order: its database row, or the app's view of it (`SpotOrder`, what
 * the market's writer answers a placement with), whose fields carry the same names and values.
 */
export type OrderFacts = Pick<
  SpotOrderRow,
  | 'symbol'
  | 'side'
  | 'type'
  | 'price'
  | 'quantity'
  | 'turnover'
  | 'filled_quantity'
  | 'filled_quote'
  | 'fee_asset'
  | 'status'
  | 'cancel_reason'
> & { id: string | number; created_at: Date | string; updated_at: Date | string };

export function msOf(date: Date | string): number {
  return new Date(date).getTime();
}

/**
 * The quantity the order was for. A market buy asks for a quote amount (`quoteOrderQty`), not a
 * quantity: Binance answers what it bought as its `origQty`, and so does the door.
 */
function originalQuantity(row: OrderFacts): string {
  return binanceDecimal(row.quantity ?? row.filled_quantity);
}

/** The fields every answer about an order shares (`RESULT`, a cancel's, a query's). */
function orderCore(row: OrderFacts) {
  return {
    symbol: row.symbol,
    orderId: Number(row.id),
    // No order lists (OCO) on the door.
    orderListId: -1,
  };
}

function orderTerms(row: OrderFacts) {
  return {
    price: binanceDecimal(row.price),
    origQty: originalQuantity(row),
    executedQty: binanceDecimal(row.filled_quantity),
    origQuoteOrderQty: binanceDecimal(row.turnover),
    cummulativeQuoteQty: binanceDecimal(row.filled_quote),
    status: binanceStatus(row),
    // A limit order rests until cancelled; Binance answers GTC for a market order too.
    timeInForce: 'GTC',
    type: row.type === 'limit' ? 'LIMIT' : 'MARKET',
    side: row.side === 'buy' ? 'BUY' : 'SELL',
  };
}

/** An order as `GET /api/v3/order`, `openOrders` and `allOrders` answer it. */
export function binanceOrder(row: SpotOrderRow, clientOrderId: string) {
  const { symbol, orderId, orderListId } = orderCore(row);
  return {
    symbol,
    orderId,
    orderListId,
    clientOrderId,
    ...orderTerms(row),
    stopPrice: binanceDecimal(null),
    icebergQty: binanceDecimal(null),
    time: msOf(row.created_at),
    updateTime: msOf(row.updated_at),
    isWorking: true,
    workingTime: msOf(row.created_at),
    selfTradePreventionMode,
  };
}

/** One trade of an order that took, as a `FULL` answer lists it under `fills`. */
export interface TakerFillRow {
  id: string | number;
  price: string;
  quantity: string;
  taker_fee: string;
}

export function binanceFill(fill: TakerFillRow, commissionAsset: string) {
  return {
    price: binanceDecimal(fill.price),
    qty: binanceDecimal(fill.quantity),
    commission: binanceDecimal(fill.taker_fee),
    commissionAsset,
    tradeId: Number(fill.id),
  };
}

/**
 * A placed order as `POST /api/v3/order` answers it: `ACK` the ids alone, `RESULT` the order as it
 * stands once its batch committed, `FULL` with the trades it took on entry.
 */
export function binanceNewOrder(
  row: OrderFacts,
  clientOrderId: string,
  respType: NewOrderRespType,
  fills: readonly TakerFillRow[],
) {
  const ack = { ...orderCore(row), clientOrderId, transactTime: msOf(row.created_at) };
  if (respType === 'ACK') return ack;
  const result = {
    ...ack,
    ...orderTerms(row),
    workingTime: msOf(row.created_at),
    selfTradePreventionMode,
  };
  if (respType === 'RESULT') return result;
  return { ...result, fills: fills.map((fill) => binanceFill(fill, row.fee_asset)) };
}

/** A cancelled order as `DELETE /api/v3/order` answers it. */
export function binanceCanceledOrder(
  row: SpotOrderRow,
  origClientOrderId: string,
  cancelClientOrderId: string,
  transactTime: number,
) {
  const { symbol, orderId, orderListId } = orderCore(row);
  return {
    symbol,
    origClientOrderId,
    orderId,
    orderListId,
    clientOrderId: cancelClientOrderId,
    transactTime,
    ...orderTerms(row),
    selfTradePreventionMode,
  };
}

/** One of the caller's trades, from the caller's side. */
export interface OwnTradeRow {
  id: string | number;
  symbol: string;
  order_id: string | number;
  /** Whether the caller's order took (else it rested and was taken). */
  taker: boolean;
  taker_side: 'buy' | 'sell';
  price: string;
  quantity: string;
  quote: string;
  fee: string;
  fee_asset: string;
  created_at: Date | string;
}

/** A trade as `GET /api/v3/myTrades` answers it. */
export function binanceOwnTrade(row: OwnTradeRow) {
  const bought = row.taker ? row.taker_side === 'buy' : row.taker_side === 'sell';
  return {
    symbol: row.symbol,
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderListId: -1,
    price: binanceDecimal(row.price),
    qty: binanceDecimal(row.quantity),
    quoteQty: binanceDecimal(row.quote),
    commission: binanceDecimal(row.fee),
    commissionAsset: row.fee_asset,
    time: msOf(row.created_at),
    isBuyer: bought,
    isMaker: !row.taker,
    isBestMatch: true,
  };
}
