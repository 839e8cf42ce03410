// Converting small balances to USDT (`/wallet/small-balances*`, docs/wallet.md § "Small
// balances"): a preview of what each small funding balance would give sold at market on its own
// market's book, then the conversion, which places those sells. Amounts are decimal strings of the asset (8
// decimals); converting takes an `Idempotency-Key` header.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString } from '../primitives.ts';
import { symbolSchema } from './market.schema.ts';

/** One balance's sale: what is held, what the bids take in whole lots, and what it gives. */
export const smallBalanceLineSchema = z.object({
  asset: z.string(),
  symbol: symbolSchema,
  /** The funding balance as it stood. */
  held: decimalString,
  /** Whole lots of it the bids take; `left` stays in the wallet. */
  sold: decimalString,
  left: decimalString,
  /** The sale's average price in USDT. */
  avg_price: decimalString,
  /** USDT before the fee, the taker fee, and what is received. */
  gross: decimalString,
  fee: decimalString,
  receive: decimalString,
});
export type SmallBalanceLine = z.infer<typeof smallBalanceLineSchema>;

export const smallBalancesPreviewSchema = z.object({
  list: z.array(smallBalanceLineSchema),
  /** Σ receive, in USDT. */
  total: decimalString,
  /** The line under which a balance is small, in USDT. */
  threshold: decimalString,
});
export type SmallBalancesPreview = z.infer<typeof smallBalancesPreviewSchema>;

/** A converted balance: its sale as it filled, and the market order that made it. */
export const convertedBalanceSchema = z.object({
  ...smallBalanceLineSchema.shape,
  order_id: z.int(),
});

export const smallBalancesConversionSchema = z.object({
  list: z.array(convertedBalanceSchema),
  total: decimalString,
});
export type SmallBalancesConversion = z.infer<typeof smallBalancesConversionSchema>;

export const previewSmallBalances = defineEndpoint({
  method: 'GET',
  path: '/wallet/small-balances',
  summary:
    "What converting the caller's small funding balances to USDT would give now: each balance worth under 10 USDT at its market's best bid, sold at market in whole lots through the bids, less the taker fee",
  auth: true,
  request: z.object({}),
  response: smallBalancesPreviewSchema,
  errors: [],
});

export const convertSmallBalances = defineEndpoint({
  method: 'POST',
  path: '/wallet/small-balances/convert',
  summary:
    "Converts the caller's small funding balances to USDT as they stand now: a market sell of each on its own book, below the market's minimum value. Refused when nothing qualifies. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({}),
  response: smallBalancesConversionSchema,
  errors: [
    'idempotency_key_required',
    'idempotency_key_malformed',
    'idempotency_key_reused',
    'nothing_to_convert',
    'order_not_processed',
  ],
});
