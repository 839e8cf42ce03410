// Pre-sale subscriptions (`/subscription/*`, docs/subscriptions.md): projects set up by operators,
// USDT committed during the pre-sale and frozen in the funding wallet, an allocation anyone can
// recompute from the published commitments, and the tokens credited with the unallocated USDT
// released at distribution. Amounts are decimal strings; the purchase takes an `Idempotency-Key`.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { writerCallErrors } from '../errors.ts';
import {
  decimalString,
  page,
  pagedSchema,
  pageSize,
  positiveDecimal,
  timestamp,
} from '../primitives.ts';
import { rowId } from '../row-ids.ts';

/** Before the pre-sale, during it, after it (allocation computed), after distribution. */
export const subscriptionStageSchema = z.enum(['upcoming', 'presale', 'finish', 'winning']);
export type SubscriptionStage = z.infer<typeof subscriptionStageSchema>;

export const subscriptionProjectSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The token sold, a ledger asset. */
  asset: z.string(),
  /** USDT per token. */
  price: decimalString,
  /** Tokens for sale. */
  supply: decimalString,
  /** The most one user may commit, USDT. */
  cap: decimalString,
  /** USDT committed by everyone so far. */
  committed: decimalString,
  participants: z.int(),
  /** Committed ÷ the supply's value, as a fraction (above 1 when oversubscribed). */
  progress: decimalString,
  start: timestamp,
  end: timestamp,
  distribute: timestamp,
  stage: subscriptionStageSchema,
});
export type SubscriptionProject = z.infer<typeof subscriptionProjectSchema>;

export const subscriptionList = defineEndpoint({
  method: 'GET',
  path: '/subscription/list',
  summary: 'The pre-sale projects, newest first, each with its stage and progress',
  auth: false,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(subscriptionProjectSchema),
  errors: [],
});

export const subscriptionRecordSchema = z.object({
  project_id: z.int(),
  name: z.string(),
  asset: z.string(),
  price: decimalString,
  /** USDT committed (frozen until distribution). */
  payment: decimalString,
  /** Tokens allocated; null before the allocation. */
  winning: z.nullable(decimalString),
  /** USDT released at distribution: what the allocation did not use; null before it. */
  refund: z.nullable(decimalString),
  /** At the token's spot price when it trades: value of the tokens less what they cost. */
  profit: z.nullable(decimalString),
  profit_ratio: z.nullable(decimalString),
  stage: subscriptionStageSchema,
  committed_at: timestamp,
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

export const subscriptionBuy = defineEndpoint({
  method: 'POST',
  path: '/subscription/buy',
  summary:
    "Commits USDT to a project during its pre-sale, frozen in the funding wallet until distribution; adds to the caller's earlier commitment",
  auth: true,
  request: z.object({
    project_id: rowId('subscription_projects.id', 'integer'),
    amount: positiveDecimal,
  }),
  response: subscriptionRecordSchema,
  errors: [
    ...writerCallErrors,
    'subscription_not_found',
    'subscription_not_open',
    'subscription_cap_exceeded',
    'amount_invalid',
    'amount_below_minimum',
    'balance_insufficient',
  ],
});

export const subscriptionRecords = defineEndpoint({
  method: 'GET',
  path: '/subscription/records',
  summary: "The caller's commitments, newest first, with the allocation and refund once made",
  auth: true,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(subscriptionRecordSchema),
  errors: [],
});

export const subscriptionAllocation = defineEndpoint({
  method: 'GET',
  path: '/subscription/allocation',
  summary:
    "A project's published allocation: every commitment under a hashed account id, and what each was allocated, so anyone can recompute it",
  auth: false,
  request: z.object({ project_id: rowId('subscription_projects.id', 'integer') }),
  response: z.object({
    project_id: z.int(),
    rule: z.string(),
    supply: decimalString,
    price: decimalString,
    cap: decimalString,
    /** Null before the pre-sale ends. */
    computed_at: z.nullable(timestamp),
    entries: z.array(
      z.object({
        /** SHA-256 of the project id and the account id: stable, and no one's identity. */
        account: z.string(),
        committed: decimalString,
        allocated: z.nullable(decimalString),
        refund: z.nullable(decimalString),
      }),
    ),
  }),
  errors: ['subscription_not_found'],
});
