// The second contract (`/option/*`, docs/options.md): up/down contracts on a market's index over
// a fixed duration, opened and settled on recorded index prints by a published rule. Stakes and
// payouts are decimal strings of USDT; the order takes an `Idempotency-Key` header.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { writerCallErrors } from '../errors.ts';
import {
  blankAsAbsent,
  decimalInteger,
  decimalString,
  page,
  pagedSchema,
  pageSize,
  positiveDecimal,
  timestamp,
} from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { symbolSchema } from './market.schema.ts';
import { indexPrintSchema } from './prints.schema.ts';

export const optionDirectionSchema = z.enum(['up', 'down']);
export const durationUnitSchema = z.enum(['minute', 'hour', 'day']);
export const optionOutcomeSchema = z.enum(['win', 'lose', 'refund', 'void']);

export const optionProductSchema = z.object({
  unit: durationUnitSchema,
  length: z.int(),
  /** The published payout rate as a fraction: a win pays stake × (1 + rate). */
  payout_rate: decimalString,
});

export const optionContractSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  direction: optionDirectionSchema,
  unit: durationUnitSchema,
  length: z.int(),
  stake: decimalString,
  payout_rate: decimalString,
  accepted_at: timestamp,
  /** The opening print's second: the first whole second at or after acceptance. */
  open_time: timestamp,
  expiry_time: timestamp,
  open_price: z.nullable(decimalString),
  open_print_at: z.nullable(timestamp),
  settle_price: z.nullable(decimalString),
  settle_print_at: z.nullable(timestamp),
  status: z.enum(['open', 'settled']),
  outcome: z.nullable(optionOutcomeSchema),
  /** Paid back to the trader on settlement: stake × (1 + rate) on a win, the stake on a refund. */
  payout: z.nullable(decimalString),
  settled_at: z.nullable(timestamp),
});
export type OptionContract = z.infer<typeof optionContractSchema>;

export const optionProducts = defineEndpoint({
  method: 'GET',
  path: '/option/products',
  summary: 'The second contract: whether it is offered, its markets, durations, rates and limits',
  auth: false,
  request: z.object({}),
  response: z.object({
    /** New contracts are taken: the product line is on and the price feed is not predictable. */
    enabled: z.boolean(),
    /**
     * Why no new contract opens, present only while `enabled` is false: `trading_off` (not offered
     * here) or `predictable_feed` (the price feed's next print can be computed from public data).
     */
    closed_reason: z.optional(z.enum(['trading_off', 'predictable_feed'])),
    markets: z.array(symbolSchema),
    products: z.array(optionProductSchema),
    min_stake: decimalString,
    max_stake: decimalString,
    open_limit: z.int(),
  }),
  errors: [],
});

export const optionOrder = defineEndpoint({
  method: 'POST',
  path: '/option/order',
  summary:
    'Places an up or down contract: the stake moves from the second-contract wallet to the pool; it opens at the next whole second',
  auth: true,
  request: z.object({
    symbol: symbolSchema,
    direction: optionDirectionSchema,
    unit: durationUnitSchema,
    length: decimalInteger(1, 999),
    amount: positiveDecimal,
  }),
  response: optionContractSchema,
  errors: [
    ...writerCallErrors,
    'market_unknown',
    'option_trading_off',
    'option_feed_predictable',
    'option_product_unknown',
    'amount_invalid',
    'amount_below_minimum',
    'stake_above_maximum',
    'balance_insufficient',
    'option_open_limit',
    'option_loss_limit',
    'option_pool_exposure',
    'option_index_stale',
  ],
});

export const optionOrders = defineEndpoint({
  method: 'GET',
  path: '/option/orders',
  summary: "The caller's second contracts, newest first: `current` (open) or `history` (settled)",
  auth: true,
  request: z.object({
    status: z.enum(['current', 'history']),
    symbol: blankAsAbsent(symbolSchema),
    page,
    size: pageSize,
  }),
  response: pagedSchema(optionContractSchema),
  errors: [],
});

export const optionVerify = defineEndpoint({
  method: 'GET',
  path: '/option/verify',
  summary:
    'A contract recomputed from its recorded prints by the published rule; the stake and payout only to its owner',
  auth: true,
  request: z.object({ id: rowId('option_contracts.id', 'bigint') }),
  response: z.object({
    id: z.int(),
    symbol: symbolSchema,
    direction: optionDirectionSchema,
    unit: durationUnitSchema,
    length: z.int(),
    payout_rate: decimalString,
    open_time: timestamp,
    expiry_time: timestamp,
    /** The prints the rule reads: the first fresh one within 5 s at or after each time. */
    opening: z.nullable(indexPrintSchema),
    settlement: z.nullable(indexPrintSchema),
    /** Every print recorded in each window, so a skipped stale one can be seen. */
    opening_window: z.array(indexPrintSchema),
    settlement_window: z.array(indexPrintSchema),
    rule: z.string(),
    status: z.enum(['open', 'settled']),
    /** The prices and print times the settlement recorded when it was made. */
    recorded: z.optional(
      z.nullable(
        z.object({
          open_price: z.nullable(decimalString),
          open_print_at: z.nullable(timestamp),
          settle_price: z.nullable(decimalString),
          settle_print_at: z.nullable(timestamp),
          settled_at: timestamp,
        }),
      ),
    ),
    recorded_outcome: z.nullable(optionOutcomeSchema),
    /**
     * The outcome the rule gives from the prints above; null while they are not all recorded, and
     * once they are older than the prints' retention (the settlement's own prices remain).
     */
    recomputed_outcome: z.nullable(optionOutcomeSchema),
    matches: z.nullable(z.boolean()),
    mine: z.boolean(),
    stake: z.nullable(decimalString),
    recorded_payout: z.nullable(decimalString),
    recomputed_payout: z.nullable(decimalString),
  }),
  errors: ['option_not_found'],
});

const limitsResponse = z.object({
  /** The most the caller may lose in a UTC day now. */
  daily_limit: decimalString,
  /** The deployment's limit: the most anyone may set. */
  max_limit: decimalString,
  /** A raise waits a day: what it will be, and from when. */
  pending: z.nullable(z.object({ daily_limit: decimalString, from: timestamp })),
  /** Stakes lost today (settled losses, and open stakes as at risk) less what was paid back. */
  lost_today: decimalString,
});

export const optionLimits = defineEndpoint({
  method: 'GET',
  path: '/option/limits',
  summary: "The caller's daily loss limit on the second contract and today's loss",
  auth: true,
  request: z.object({}),
  response: limitsResponse,
  errors: [],
});

export const setOptionLimit = defineEndpoint({
  method: 'POST',
  path: '/option/limits',
  summary: 'Sets the daily loss limit: a lower one counts at once, a higher one a day later',
  auth: true,
  request: z.object({ daily_limit: positiveDecimal }),
  response: limitsResponse,
  errors: ['loss_limit_invalid'],
});

/** The private `options` channel: the caller's contracts as they are placed and settled. */
export const optionsDataSchema = z.array(optionContractSchema);
