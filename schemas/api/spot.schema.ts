// Spot trading (`/spot/*`, docs/product.md §12): the markets' trading rules, placing and cancelling
// orders on the central limit order book, and the caller's orders. Prices and amounts are decimal
// strings; placing and cancelling take an `Idempotency-Key` header.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  blankAsAbsent,
  decimalString,
  page,
  pagedSchema,
  pageSize,
  positiveDecimal,
  timestamp,
} from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { symbolSchema } from './market.schema.ts';
import {
  type OrderList,
  type OrderSide,
  orderListSchema,
  orderSideSchema,
  orderTypeSchema,
  priceBandSchema,
} from './orders.schema.ts';

export const spotSideSchema = orderSideSchema;
export const spotOrderTypeSchema = orderTypeSchema;
export type SpotSide = OrderSide;

/**
 * `open`: resting, nothing traded; `partially_filled`: resting with some traded; `filled`: all
 * traded; `cancelled`: left the book (or, for a market order, finished) with some or all unfilled.
 */
export const spotOrderStatusSchema = z.enum(['open', 'partially_filled', 'filled', 'cancelled']);
export type SpotOrderStatus = z.infer<typeof spotOrderStatusSchema>;

/**
 * Why an order ended without filling completely: cancelled by its owner, cancelled because an
 * order of the same owner reached it (self-trade prevention), or a market order that ran out of
 * opposite orders (or of budget for one more lot).
 */
export const spotCancelReasonSchema = z.enum(['user', 'self_trade', 'unfilled']);
export type SpotCancelReason = z.infer<typeof spotCancelReasonSchema>;

/**
 * Spot's three lists (docs/product.md §12): resting orders, orders that traded, and finished
 * orders.
 */
export const spotOrderListSchema = orderListSchema;
export type SpotOrderList = OrderList;

export const spotMarketRulesSchema = z.object({
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  price_scale: z.int(),
  quantity_scale: z.int(),
  /** Every price is a multiple of it. */
  tick_size: decimalString,
  /** Every quantity is a multiple of it. */
  lot_size: decimalString,
  /** Smallest order value in the quote asset (price × quantity, or a market buy's turnover). */
  min_notional: decimalString,
  max_price: decimalString,
  max_quantity: decimalString,
  /** Fee rates as fractions (`0.001` = 0.1 %), charged on what the order receives. */
  maker_fee: decimalString,
  taker_fee: decimalString,
  /** The limit prices taken now, around the index. */
  price_band: priceBandSchema,
});
export type SpotMarketRules = z.infer<typeof spotMarketRulesSchema>;

export const spotRules = defineEndpoint({
  method: 'GET',
  path: '/spot/markets',
  summary: 'The spot markets that take orders, with their tick, lot, minimum value and fee rates',
  auth: false,
  request: z.object({}),
  response: z.object({ list: z.array(spotMarketRulesSchema) }),
  errors: [],
});

export const spotOrderSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  side: spotSideSchema,
  type: spotOrderTypeSchema,
  /** The limit price; null for a market order. */
  price: z.nullable(decimalString),
  /** The quantity asked for; null for a market buy, which spends `turnover`. */
  quantity: z.nullable(decimalString),
  /** The quote amount a market buy may spend; null otherwise. */
  turnover: z.nullable(decimalString),
  /** What traded: the "real quantity" in base and the quote amount it was worth. */
  filled_quantity: decimalString,
  filled_quote: decimalString,
  /** The "real price": filled_quote / filled_quantity at the market's price scale; null before a fill. */
  avg_price: z.nullable(decimalString),
  /** Fees paid so far, in `fee_asset` (what the order receives: base for a buy, quote for a sell). */
  fee: decimalString,
  fee_asset: z.string(),
  status: spotOrderStatusSchema,
  cancel_reason: z.nullable(spotCancelReasonSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const spotOrderRequestSchema = z
  .object({
    symbol: symbolSchema,
    side: spotSideSchema,
    type: spotOrderTypeSchema,
    price: blankAsAbsent(positiveDecimal),
    quantity: blankAsAbsent(positiveDecimal),
    turnover: blankAsAbsent(positiveDecimal),
  })
  .check(
    z.superRefine((order, context) => {
      // Which amount an order needs follows from its type and side (docs/product.md §12).
      const required: ('price' | 'quantity' | 'turnover')[] =
        order.type === 'limit'
          ? ['price', 'quantity']
          : order.side === 'buy'
            ? ['turnover']
            : ['quantity'];
      for (const field of required) {
        if (order[field] === undefined) {
          context.addIssue({ code: 'custom', path: [field], message: 'field_required' });
        }
      }
      // An amount the order does not take is refused rather than ignored: a client that sent it
      // meant something the order would not do.
      for (const field of ['price', 'quantity', 'turnover'] as const) {
        if (!required.includes(field) && order[field] !== undefined) {
          context.addIssue({ code: 'custom', path: [field], message: 'field_not_applicable' });
        }
      }
    }),
  );

export const placeSpotOrder = defineEndpoint({
  method: 'POST',
  path: '/spot/order',
  summary:
    'Places a limit order (price, quantity) or a market order (buy: turnover; sell: quantity). Its funds are frozen, it trades at once against resting orders and a limit order rests with what is left. Needs an Idempotency-Key header',
  auth: true,
  request: spotOrderRequestSchema,
  response: spotOrderSchema,
  errors: [
    'idempotency_key_required',
    'idempotency_key_malformed',
    'idempotency_key_reused',
    'market_unknown',
    'price_off_tick',
    'quantity_off_lot',
    'price_out_of_range',
    'price_outside_band',
    'quantity_too_large',
    'below_min_notional',
    'no_liquidity',
    'balance_insufficient',
    'order_not_processed',
  ],
});

export const cancelSpotOrder = defineEndpoint({
  method: 'POST',
  path: '/spot/cancel',
  summary:
    "Cancels one of the caller's resting orders and releases what it still holds frozen. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({ order_id: rowId('spot_orders.id', 'bigint') }),
  response: spotOrderSchema,
  errors: [
    'idempotency_key_required',
    'idempotency_key_malformed',
    'idempotency_key_reused',
    'order_not_found',
    'order_not_open',
    'order_not_processed',
  ],
});

export const spotOrders = defineEndpoint({
  method: 'GET',
  path: '/spot/orders',
  summary:
    "The caller's orders, newest first: `current` (resting), `deal` (traded at least once) or `history` (finished)",
  auth: true,
  request: z.object({
    status: spotOrderListSchema,
    symbol: blankAsAbsent(symbolSchema),
    page,
    size: pageSize,
  }),
  response: pagedSchema(spotOrderSchema),
  errors: [],
});

/** The private `orders` channel: the caller's orders as they change (placed, traded, cancelled). */
export const ordersDataSchema = z.array(spotOrderSchema);
