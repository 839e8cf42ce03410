// The caller's spot fills (`/spot/fills`, docs/spot.md § Deals): each trade one of the caller's
// orders took part in, from the caller's side, like an exchange's "Trade history".
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
import { symbolSchema } from './market.schema.ts';
import { orderSideSchema } from './orders.schema.ts';

export const spotFillSchema = z.object({
  id: z.int(),
  symbol: symbolSchema,
  /** The caller's order that traded. */
  order_id: z.int(),
  /** The caller's side of the trade. */
  side: orderSideSchema,
  /** Whether the caller's order took liquidity (taker) or rested on the book (maker). */
  role: z.enum(['taker', 'maker']),
  price: decimalString,
  /** In the base asset. */
  quantity: decimalString,
  /** In the quote asset: what a buy spent, what a sell received (before the fee). */
  quote: decimalString,
  /** The caller's fee, in `fee_asset`: what the order receives (base for a buy, quote for a sell). */
  fee: decimalString,
  fee_asset: z.string(),
  created_at: timestamp,
});
export type SpotFill = z.infer<typeof spotFillSchema>;

export const spotFills = defineEndpoint({
  method: 'GET',
  path: '/spot/fills',
  summary:
    "The caller's spot fills, newest first: price, quantity, quote amount, fee and whether the caller was maker or taker",
  auth: true,
  request: z.object({ symbol: blankAsAbsent(symbolSchema), page, size: pageSize }),
  response: pagedSchema(spotFillSchema),
  errors: ['market_unknown'],
});
