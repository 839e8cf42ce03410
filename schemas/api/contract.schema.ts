// Perpetual contracts (`/contract/*`): USDT-margined linear perpetuals on the exchange's own
// books. Opening and closing are orders (limit or market; a close is reduce-only); positions are
// one per market (one-way mode) in isolated or cross margin. Prices, quantities and amounts are
// decimal strings; every call that moves money takes an `Idempotency-Key` header.
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
const leverageInput = z.union([z.number(), z.string().check(z.trim(), z.maxLength(12))]);

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

export const contractHistorySchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  direction: directionSchema,
  leverage: z.int(),
  margin_mode: marginModeSchema,
  quantity: decimalString,
  entry_price: decimalString,
  close_price: decimalString,
  open_fee: decimalString,
  closing_fee: decimalString,
  realized_pnl: decimalString,
  funding_fee: decimalString,
  close_reason: contractCloseReasonSchema,
  opened_at: timestamp,
  closed_at: timestamp,
});

export const contractHistory = defineEndpoint({
  method: 'GET',
  path: '/contract/history',
  summary: "The caller's closed positions, newest first, with how and at what price they closed",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema), page, size: pageSize }),
  response: pagedSchema(contractHistorySchema),
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

export const fundingPaymentSchema = z.object({
  round_id: z.int(),
  symbol: symbolSchema,
  funding_time: timestamp,
  /** The round's rate as a fraction (`0.0001` = 0.01 %); positive: longs paid shorts. */
  rate: decimalString,
  mark_price: decimalString,
  position_id: z.int(),
  direction: directionSchema,
  quantity: decimalString,
  /** Received (positive) or paid (negative), USDT. */
  amount: decimalString,
});

export const contractFunding = defineEndpoint({
  method: 'GET',
  path: '/contract/funding',
  summary:
    "The caller's funding payments, newest first, each with the round's rate and mark and the quantity it was paid on",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema), page, size: pageSize }),
  response: pagedSchema(fundingPaymentSchema),
  errors: [],
});

export const contractInsurance = defineEndpoint({
  method: 'GET',
  path: '/contract/insurance',
  summary:
    "The insurance fund's balance and its movements, newest first: liquidations' remaining margin, funding remainders, shortfalls it paid",
  auth: false,
  request: z.object({ page, size: pageSize }),
  response: z.object({
    balance: decimalString,
    list: z.array(
      z.object({
        kind: z.string(),
        reference: z.string(),
        /** Into the fund (positive) or out of it (negative), USDT. */
        amount: decimalString,
        created_at: timestamp,
      }),
    ),
    total: z.int(),
    page: z.int(),
    size: z.int(),
  }),
  errors: [],
});

export const contractTpSl = defineEndpoint({
  method: 'POST',
  path: '/contract/tpsl',
  summary:
    "Sets a position's take-profit and stop-loss, triggered by the mark price and closing the position (or `quantity` of it) with a reduce-only market order; an empty price clears it. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({
    position_id: rowId('contract_positions.id', 'bigint'),
    tp_price: blankAsAbsent(positiveDecimal),
    sl_price: blankAsAbsent(positiveDecimal),
    /** The whole position when absent. */
    quantity: blankAsAbsent(positiveDecimal),
  }),
  response: contractPositionSchema,
  errors: [
    ...moneyErrors,
    'position_not_found',
    'price_off_tick',
    'price_out_of_range',
    'quantity_off_lot',
    'close_exceeds_position',
    'take_profit_invalid',
    'stop_loss_invalid',
  ],
});

export const contractMargin = defineEndpoint({
  method: 'POST',
  path: '/contract/margin',
  summary:
    "Adds to or removes from an isolated position's margin; removing keeps it at or above the initial margin at the mark. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({
    position_id: rowId('contract_positions.id', 'bigint'),
    action: z.enum(['add', 'remove']),
    amount: positiveDecimal,
  }),
  response: contractPositionSchema,
  errors: [
    ...moneyErrors,
    'position_not_found',
    'margin_mode_cross',
    'amount_invalid',
    'balance_insufficient',
    'margin_remove_too_much',
  ],
});

export const contractLeverage = defineEndpoint({
  method: 'POST',
  path: '/contract/leverage',
  summary:
    "Changes the leverage of the caller's position in a market, freezing or releasing the margin the new leverage needs; without a position it only checks the value. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({ symbol: symbolSchema, leverage: leverageInput }),
  response: z.object({ symbol: symbolSchema, leverage: z.int() }),
  errors: [
    ...moneyErrors,
    'market_unknown',
    'leverage_invalid',
    'leverage_too_high_for_position',
    'contract_settings_locked',
    'margin_insufficient',
  ],
});

export const contractLiquidationSchema = z.object({
  position_id: z.int(),
  symbol: symbolSchema,
  direction: directionSchema,
  margin_mode: marginModeSchema,
  quantity: decimalString,
  entry_price: decimalString,
  /** The recorded mark that reached it, and when it was recorded. */
  mark_price: decimalString,
  mark_at: timestamp,
  /** What stood behind the position: its margin, or for cross the wallet less the others' needs. */
  backing: decimalString,
  maintenance_margin: decimalString,
  /** The bracket's maintenance margin rate, as a fraction. */
  maintenance_rate: decimalString,
  /** As the screen showed it; null when there was none. */
  liquidation_price: z.nullable(decimalString),
  bankruptcy_price: decimalString,
  /** Closed against the book, and against opposite positions (auto-deleveraging). */
  filled_quantity: decimalString,
  adl_quantity: decimalString,
  /** What the margin had left, to the insurance fund. */
  insurance_fee: decimalString,
  created_at: timestamp,
});

export const contractLiquidations = defineEndpoint({
  method: 'GET',
  path: '/contract/liquidations',
  summary:
    "The caller's liquidations, newest first, each with the recorded mark and the inputs that decided it",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema), page, size: pageSize }),
  response: pagedSchema(contractLiquidationSchema),
  errors: [],
});

export const contractFillSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  order_id: z.nullable(z.int()),
  side: orderSideSchema,
  /** Whether the caller's order took liquidity (taker) or rested (maker). */
  role: z.enum(['taker', 'maker']),
  price: decimalString,
  quantity: decimalString,
  value: decimalString,
  fee: decimalString,
  realized_pnl: decimalString,
  created_at: timestamp,
});

export const contractFills = defineEndpoint({
  method: 'GET',
  path: '/contract/fills',
  summary: "The caller's contract fills, newest first, with the fee and PnL of each",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema), page, size: pageSize }),
  response: pagedSchema(contractFillSchema),
  errors: [],
});
