// The perpetuals' records (`/contract/history`, `/funding`, `/insurance`, `/liquidations`,
// `/fills`): what a trader's positions and orders left behind, each row with the inputs that
// decided it, newest first. Kept apart from contract.schema.ts, which holds the markets, the
// orders and the open positions, so that each file describes one part of the product.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  blankAsAbsent,
  decimalString,
  page,
  pagedSchema,
  pageSize,
  timestamp,
} from '../primitives.ts';
import { contractCloseReasonSchema, directionSchema, marginModeSchema } from './contract.schema.ts';
import { symbolSchema } from './market.schema.ts';
import { orderSideSchema } from './orders.schema.ts';

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
