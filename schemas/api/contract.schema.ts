// Perpetual contracts (`/contract/*`): USDT-margined linear perpetuals on the exchange's own
// books. Opening and closing are orders (limit or market; a close is reduce-only); positions are
// one per market (one-way mode) in isolated or cross margin. Prices, quantities and amounts are
// decimal strings; every call that moves money takes an `Idempotency-Key` header. This file holds
// the markets, the orders and the open positions; the changes to a position are in
// contract-position-changes.schema.ts and the records in contract-records.schema.ts.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { writerCallErrors } from '../errors.ts';
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
  orderListSchema,
  orderSideSchema,
  orderTypeSchema,
  priceBandSchema,
} from './orders.schema.ts';

export const directionSchema = z.enum(['long', 'short']);
/**
 * `isolated` ("sustainable" in older texts, docs/product.md §13): the position's own margin;
 * `cross` ("full warehouse").
 */
export const marginModeSchema = z.enum(['isolated', 'cross']);
export type MarginMode = z.infer<typeof marginModeSchema>;
export const contractCloseReasonSchema = z.enum(['user', 'tp', 'sl', 'liquidation', 'adl']);
export type ContractCloseReason = z.infer<typeof contractCloseReasonSchema>;

/** Leverage as typed; checked against the market's brackets so the refusal can name the limit. */
export const leverageInput = z.union([z.number(), z.string().check(z.trim(), z.maxLength(12))]);

const bracketSchema = z.object({
  /** The largest position notional of the tier, USDT. */
  notional_cap: decimalString,
  max_leverage: z.int(),
  /** Maintenance margin rate as a fraction (`0.004` = 0.4 %). */
  maintenance_rate: decimalString,
  /** Subtracted from notional × rate (Binance's maintenance amount). */
  maintenance_amount: decimalString,
});

export const contractMarketSchema = z.object({
  symbol: symbolSchema,
  base: z.string(),
  quote: z.string(),
  price_scale: z.int(),
  quantity_scale: z.int(),
  tick_size: decimalString,
  lot_size: decimalString,
  min_notional: decimalString,
  /** The largest price an order may have at all. */
  max_price: decimalString,
  /** The limit prices taken now, around the mark (Binance's PERCENT_PRICE). */
  price_band: priceBandSchema,
  max_leverage: z.int(),
  maker_fee: decimalString,
  taker_fee: decimalString,
  brackets: z.array(bracketSchema),
  /** The latest recorded prices; null until the first. */
  index_price: z.nullable(decimalString),
  mark_price: z.nullable(decimalString),
  /** The rate of the coming funding round as a fraction, and when it is paid. */
  funding_rate: decimalString,
  next_funding_time: timestamp,
});
export type ContractMarket = z.infer<typeof contractMarketSchema>;

export const contractMarkets = defineEndpoint({
  method: 'GET',
  path: '/contract/markets',
  summary:
    'The perpetual markets: tick, lot, minimum value, fee rates, leverage brackets, index and mark price, funding rate and the next funding time',
  auth: false,
  request: z.object({}),
  response: z.object({ list: z.array(contractMarketSchema) }),
  errors: [],
});

export const contractPositionSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  direction: directionSchema,
  leverage: z.int(),
  margin_mode: marginModeSchema,
  quantity: decimalString,
  entry_price: decimalString,
  mark_price: z.nullable(decimalString),
  /** What the position holds frozen behind it. */
  margin: decimalString,
  unrealized_pnl: decimalString,
  /** Unrealized PnL ÷ initial margin, as a fraction. */
  roe: decimalString,
  /** Maintenance margin ÷ margin balance, as a fraction: liquidation at 1. */
  margin_ratio: decimalString,
  /** Null when the position cannot be liquidated (shown as "--"). */
  liquidation_price: z.nullable(decimalString),
  tp_price: z.nullable(decimalString),
  sl_price: z.nullable(decimalString),
  /** What a take-profit or stop-loss closes; null: the whole position. */
  tpsl_quantity: z.nullable(decimalString),
  open_fee: decimalString,
  realized_pnl: decimalString,
  funding_fee: decimalString,
  opened_at: timestamp,
});
export type ContractPosition = z.infer<typeof contractPositionSchema>;

export const contractOrderSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  side: orderSideSchema,
  type: orderTypeSchema,
  /** What the order was for: the trader's own, a take-profit or stop-loss, or a liquidation. */
  purpose: z.enum(['user', 'tp', 'sl', 'liquidation', 'adl']),
  price: decimalString,
  quantity: decimalString,
  leverage: z.int(),
  margin_mode: marginModeSchema,
  reduce_only: z.boolean(),
  filled_quantity: decimalString,
  avg_price: z.nullable(decimalString),
  fee: decimalString,
  realized_pnl: decimalString,
  status: z.enum(['open', 'partially_filled', 'filled', 'cancelled']),
  cancel_reason: z.nullable(
    z.enum(['user', 'self_trade', 'unfilled', 'reduce_only', 'liquidation']),
  ),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContractOrder = z.infer<typeof contractOrderSchema>;

const moneyErrors = writerCallErrors;

const orderErrors = [
  ...moneyErrors,
  'price_off_tick',
  'quantity_off_lot',
  'price_out_of_range',
  'price_outside_band',
  'quantity_too_large',
  'below_min_notional',
  'no_liquidity',
  'index_stale',
] as const;

/**
 * A limit order needs its price; a market order takes none, and one sent is refused rather than
 * ignored (a client that sent it meant a limit the order would not keep).
 */
function priceFitsType(
  order: { type: 'limit' | 'market'; price?: string | undefined },
  context: z.core.$RefinementCtx,
): void {
  if (order.type === 'limit' && order.price === undefined) {
    context.addIssue({ code: 'custom', path: ['price'], message: 'field_required' });
  }
  if (order.type === 'market' && order.price !== undefined) {
    context.addIssue({ code: 'custom', path: ['price'], message: 'field_not_applicable' });
  }
}

export const openContract = defineEndpoint({
  method: 'POST',
  path: '/contract/open',
  summary:
    'Opens or adds to a position with a limit or market order at a leverage and margin mode. The order holds its cost (initial margin, open loss, fee) frozen until it fills or is cancelled. Needs an Idempotency-Key header',
  auth: true,
  request: z
    .object({
      symbol: symbolSchema,
      direction: directionSchema,
      type: orderTypeSchema,
      price: blankAsAbsent(positiveDecimal),
      quantity: positiveDecimal,
      leverage: leverageInput,
      margin_mode: marginModeSchema,
      /** Take-profit and stop-loss set on the position once the order fills. */
      tp_price: blankAsAbsent(positiveDecimal),
      sl_price: blankAsAbsent(positiveDecimal),
    })
    .check(z.superRefine(priceFitsType)),
  response: contractOrderSchema,
  errors: [
    ...orderErrors,
    'market_unknown',
    'leverage_invalid',
    'contract_settings_locked',
    'margin_insufficient',
    'leverage_too_high_for_position',
    'take_profit_invalid',
    'stop_loss_invalid',
  ],
});

export const closeContract = defineEndpoint({
  method: 'POST',
  path: '/contract/close',
  summary:
    'Closes a position, whole or a quantity of it, with a reduce-only limit or market order. Needs an Idempotency-Key header',
  auth: true,
  request: z
    .object({
      position_id: rowId('contract_positions.id', 'bigint'),
      type: orderTypeSchema,
      price: blankAsAbsent(positiveDecimal),
      /** The whole position when absent. */
      quantity: blankAsAbsent(positiveDecimal),
    })
    .check(z.superRefine(priceFitsType)),
  response: contractOrderSchema,
  errors: [...orderErrors, 'position_not_found', 'close_exceeds_position'],
});

export const cancelContractOrder = defineEndpoint({
  method: 'POST',
  path: '/contract/cancel',
  summary:
    "Cancels one of the caller's resting contract orders and releases what it holds. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({ order_id: rowId('contract_orders.id', 'bigint') }),
  response: contractOrderSchema,
  errors: [...moneyErrors, 'order_not_found', 'order_not_open'],
});

export const contractPositions = defineEndpoint({
  method: 'GET',
  path: '/contract/positions',
  summary:
    "The caller's open positions at the latest mark price: PnL, ROE, margin ratio and liquidation price",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema) }),
  response: z.object({ list: z.array(contractPositionSchema) }),
  errors: [],
});

export const contractOrders = defineEndpoint({
  method: 'GET',
  path: '/contract/orders',
  summary:
    "The caller's contract orders, newest first: `current` (resting), `deal` (traded at least once) or `history` (finished)",
  auth: true,
  request: z.object({
    status: orderListSchema,
    symbol: blankAsAbsent(symbolSchema),
    page,
    size: pageSize,
  }),
  response: pagedSchema(contractOrderSchema),
  errors: [],
});

/** The public `mark.<SYMBOL>` channel: the recorded mark, once a second. */
export const markDataSchema = z.object({
  mark_price: decimalString,
  index_price: z.nullable(decimalString),
  /** Whether the index was stale: liquidation and opening wait while it is. */
  stale: z.boolean(),
  /** The coming round's rate as a fraction, as it would be now, and when it is paid. */
  funding_rate: decimalString,
  next_funding_time: timestamp,
});

/** The public `funding.<SYMBOL>` channel: a round as it is paid. */
export const fundingDataSchema = z.object({
  funding_time: timestamp,
  /** As a fraction; positive: longs paid shorts. */
  rate: decimalString,
  mark_price: decimalString,
});

/** The private `positions` channel: the caller's positions as they change (open or closed). */
export const positionsDataSchema = z.array(
  z.extend(contractPositionSchema, { status: z.enum(['open', 'closed']) }),
);
