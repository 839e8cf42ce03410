// The wallet (design.md §4 `/wallet/*`): balances per account and asset, and moving funds
// between the funding, contract and second-contract accounts. Money-moving calls take an
// `Idempotency-Key` header.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString } from '../primitives.ts';

export const walletSchema = z.enum(['funding', 'contract', 'option']);
export type WalletName = z.infer<typeof walletSchema>;

export const assetSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/);

/** A positive amount with at most 8 decimals. */
export const amountSchema = z
  .string()
  .trim()
  .min(1)
  .refine((value) => /^\d{1,30}(\.\d{1,8})?$/.test(value) && /[1-9]/.test(value), {
    error: 'amount_invalid',
  })
  .describe('a positive decimal with at most 8 decimals');

export const balanceSchema = z.object({
  wallet: walletSchema,
  asset: z.string(),
  available: decimalString,
  frozen: decimalString,
});

export const balances = defineEndpoint({
  method: 'GET',
  path: '/wallet/balances',
  summary: "The caller's balances in every account and asset they hold",
  auth: true,
  request: z.object({}),
  response: z.object({ balances: z.array(balanceSchema) }),
  errors: [],
});

export const transfer = defineEndpoint({
  method: 'POST',
  path: '/wallet/transfer',
  summary:
    "Moves funds between the caller's own accounts at once; `amount` may be `all`. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({
    from: walletSchema,
    to: walletSchema,
    asset: assetSchema,
    amount: z.union([z.literal('all'), amountSchema]),
  }),
  response: z.object({
    reference: z.string(),
    from: walletSchema,
    to: walletSchema,
    asset: z.string(),
    amount: decimalString,
  }),
  errors: [
    'idempotency_key_required',
    'idempotency_key_reused',
    'transfer_same_wallet',
    'asset_unknown',
    'balance_insufficient',
    'amount_invalid',
  ],
});
