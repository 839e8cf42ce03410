// The AI ETF section's products (`/ai/*`, docs/ai-products.md): fixed-term, fixed-rate products
// funded from the platform's reward reserve. Interest accrues daily from 00:00 UTC after the
// purchase and is credited each day; the principal returns at maturity; an early withdrawal returns
// the principal less the rewards already paid. Amounts are decimal strings; money-moving calls take
// an `Idempotency-Key`.
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

export const aiProductSchema = z.object({
  id: z.int(),
  name: z.string(),
  asset: z.string(),
  days: z.int(),
  /** Yearly rate in percent, e.g. `12.5`. */
  apr: decimalString,
  min: decimalString,
  max: decimalString,
  quota: decimalString,
  /** Quota not yet sold. */
  remaining: decimalString,
  /** Closed: no longer sold (its reserve cannot pay another order's rewards, or the operator closed it). */
  status: z.enum(['open', 'closed']),
});
export type AiProduct = z.infer<typeof aiProductSchema>;

export const aiProducts = defineEndpoint({
  method: 'GET',
  path: '/ai/products',
  summary: 'The fixed-term products on sale, with their terms and remaining quota',
  auth: false,
  request: z.object({}),
  response: z.object({ list: z.array(aiProductSchema) }),
  errors: [],
});

/** One day's reward: its date (00:00 UTC) and amount. */
export const accrualSchema = z.object({
  date: timestamp,
  amount: decimalString,
  paid: z.boolean(),
});

export const aiOrderSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  name: z.string(),
  asset: z.string(),
  principal: decimalString,
  apr: decimalString,
  days: z.int(),
  bought_at: timestamp,
  /** The principal returns at this time (the last accrual day's end). */
  matures_at: timestamp,
  schedule: z.array(accrualSchema),
  paid: decimalString,
  next_payment: z.nullable(z.omit(accrualSchema, { paid: true })),
  status: z.enum(['active', 'finished', 'withdrawn']),
  /** What an early withdrawal returned. */
  withdrawn: z.nullable(decimalString),
});
export type AiOrder = z.infer<typeof aiOrderSchema>;

export const aiBuy = defineEndpoint({
  method: 'POST',
  path: '/ai/buy',
  summary:
    'Buys a product from the funding wallet: its schedule is fixed at purchase and the ledger follows it to the atom',
  auth: true,
  request: z.object({ product_id: rowId('ai_products.id', 'integer'), amount: positiveDecimal }),
  response: aiOrderSchema,
  errors: [
    ...writerCallErrors,
    'ai_product_not_found',
    'ai_product_closed',
    'ai_quota_exceeded',
    'amount_invalid',
    'amount_below_minimum',
    'amount_above_maximum',
    'balance_insufficient',
  ],
});

export const aiOrders = defineEndpoint({
  method: 'GET',
  path: '/ai/orders',
  summary: "The caller's orders, newest first: `active` or `finished` (matured or withdrawn)",
  auth: true,
  request: z.object({ status: z.enum(['active', 'finished']), page, size: pageSize }),
  response: pagedSchema(aiOrderSchema),
  errors: [],
});

export const aiWithdraw = defineEndpoint({
  method: 'POST',
  path: '/ai/withdraw',
  summary: 'Ends an order early: the principal less the rewards already paid returns at once',
  auth: true,
  request: z.object({ order_id: rowId('ai_orders.id', 'bigint') }),
  response: aiOrderSchema,
  errors: [...writerCallErrors, 'ai_order_not_found', 'ai_order_finished'],
});
