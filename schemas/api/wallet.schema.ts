// The wallet (`/wallet/*`, docs/product.md §17): balances per account and asset, and moving funds
// between the funding, contract and second-contract accounts. Money-moving calls take an
// `Idempotency-Key` header.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  blankAsAbsent,
  decimalString,
  optionalText,
  page,
  pagedSchema,
  pageSize,
  requiredText,
  timestamp,
  verificationCode,
} from '../primitives.ts';
import { recordLabels, recordLinks, recordTypes } from '../record-names.ts';
import { rowId } from '../row-ids.ts';
import { assetPattern, chainNames, walletNames } from '../wallet-names.ts';
import { passkeyAssertion } from './passkey.schema.ts';
import { totpCode } from './second-factor-fields.ts';
import { walletSchema } from './wallet-balances.schema.ts';

// The balances, which the spot page shows from the start, are in their own file.
export {
  balanceSchema,
  balances,
  balancesDataSchema,
  type WalletName,
  walletSchema,
} from './wallet-balances.schema.ts';
export { walletToday } from './wallet-today.schema.ts';
export { walletNames };

export const assetSchema = z.string().check(z.trim(), z.toUpperCase(), z.regex(assetPattern));

/** A positive amount with at most 8 decimals. */
export const amountSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.refine((value) => /^\d{1,30}(\.\d{1,8})?$/.test(value) && /[1-9]/.test(value), {
    error: 'amount_invalid',
  }),
  z.describe('a positive decimal with at most 8 decimals'),
);

export const chainSchema = z.pipe(z.string().check(z.trim(), z.toUpperCase()), z.enum(chainNames));

export const chainInfoSchema = z.object({
  chain: chainSchema,
  deposit: z.boolean(),
  withdraw: z.boolean(),
  withdraw_fee: decimalString,
  min_withdraw: decimalString,
  confirmations: z.int(),
});

export const assets = defineEndpoint({
  method: 'GET',
  path: '/wallet/assets',
  summary: 'The assets the wallet holds and their chains: switches, fee, minimum, confirmations',
  auth: false,
  request: z.object({}),
  response: z.object({
    list: z.array(z.object({ asset: z.string(), chains: z.array(chainInfoSchema) })),
  }),
  errors: [],
});

export const depositAddress = defineEndpoint({
  method: 'GET',
  path: '/wallet/depositAddress',
  summary: "The caller's own deposit address for an asset on a chain (the same one every time)",
  auth: true,
  request: z.object({ asset: assetSchema, chain: chainSchema }),
  response: z.object({ asset: z.string(), chain: chainSchema, address: z.string() }),
  errors: ['asset_unknown', 'chain_disabled'],
});

export const depositSchema = z.object({
  id: z.int(),
  asset: z.string(),
  chain: chainSchema,
  txid: z.string(),
  address: z.string(),
  amount: decimalString,
  confirmations: z.int(),
  required_confirmations: z.int(),
  /** `dropped`: a reorganisation of the chain took the transfer out before it was credited. */
  status: z.enum(['confirming', 'credited', 'dropped']),
  /** The transaction's page on a block explorer, when one is configured for a real chain. */
  explorer_url: z.nullable(z.string()),
  created_at: timestamp,
  credited_at: z.nullable(timestamp),
});

/** The private `deposits` channel: the user's deposits whose state changed, as each now stands. */
export const depositsDataSchema = z.array(depositSchema);

export const deposits = defineEndpoint({
  method: 'GET',
  path: '/wallet/deposits',
  summary: "The caller's deposits, newest first",
  auth: true,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(depositSchema),
  errors: [],
});

/** `approved`: on its way (broadcast once `txid` is set); `sent`: confirmed on chain; `failed`: reverted on chain, its funds returned. */
export const withdrawalStatusSchema = z.enum([
  'pending',
  'approved',
  'sent',
  'failed',
  'rejected',
  'cancelled',
]);

export const withdrawalSchema = z.object({
  id: z.int(),
  asset: z.string(),
  chain: chainSchema,
  address: z.string(),
  amount: decimalString,
  fee: decimalString,
  status: withdrawalStatusSchema,
  /** Why an operator rejected it, or why it failed on chain. */
  reason: z.nullable(z.string()),
  /** The transaction that carries it, once broadcast. */
  txid: z.nullable(z.string()),
  confirmations: z.int(),
  /** The transaction's page on a block explorer, when one is configured. */
  explorer_url: z.nullable(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});

/**
 * The private `withdrawals` channel: the user's withdrawals whose state changed (approved,
 * rejected, sent, confirmed, failed, cancelled), as each now stands.
 */
export const withdrawalsDataSchema = z.array(withdrawalSchema);

export const withdraw = defineEndpoint({
  method: 'POST',
  path: '/wallet/withdraw',
  summary:
    'Requests a withdrawal: amount plus fee are frozen until an operator approves or rejects it. Needs an Idempotency-Key header',
  auth: true,
  request: z.object({
    asset: assetSchema,
    chain: chainSchema,
    address: requiredText(128),
    amount: amountSchema,
    trade_password: z.string().check(z.minLength(1), z.maxLength(64)),
    /** The code sent by /security/sendCode with purpose `withdraw`. */
    email_code: blankAsAbsent(verificationCode),
    /** With an authenticator or a passkey bound, one of these. */
    totp_code: blankAsAbsent(totpCode),
    passkey: z.optional(passkeyAssertion),
  }),
  response: withdrawalSchema,
  errors: [
    'idempotency_key_required',
    'idempotency_key_malformed',
    'idempotency_key_reused',
    'asset_unknown',
    'chain_disabled',
    'address_invalid',
    'address_wrong_chain',
    'amount_below_minimum',
    'balance_insufficient',
    'trade_password_not_set',
    'trade_password_wrong',
    'trade_password_locked',
    'verification_required',
    'withdraw_security_hold',
    'withdraw_address_not_whitelisted',
    'withdraw_address_on_hold',
    'address_book_full',
    'withdraw_code_required',
    'code_invalid',
    'code_attempts_exceeded',
    'withdraw_second_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'passkey_invalid',
    'passkey_challenge_expired',
  ],
});

export const withdrawCancel = defineEndpoint({
  method: 'POST',
  path: '/wallet/withdrawCancel',
  summary: "Cancels one of the caller's pending withdrawals and unfreezes its funds",
  auth: true,
  request: z.object({ id: rowId('withdrawals.id', 'integer') }),
  response: withdrawalSchema,
  errors: ['withdrawal_not_found', 'withdrawal_not_pending', 'idempotency_key_required'],
});

export const withdrawals = defineEndpoint({
  method: 'GET',
  path: '/wallet/withdrawals',
  summary: "The caller's withdrawals, newest first",
  auth: true,
  request: z.object({ page, size: pageSize, status: blankAsAbsent(withdrawalStatusSchema) }),
  response: pagedSchema(withdrawalSchema),
  errors: [],
});

export const addressEntrySchema = z.object({
  id: z.int(),
  asset: z.string(),
  chain: chainSchema,
  address: z.string(),
  remark: z.string(),
  created_at: timestamp,
});

export const addresses = defineEndpoint({
  method: 'GET',
  path: '/wallet/addresses',
  summary: "The caller's address book",
  auth: true,
  request: z.object({ asset: blankAsAbsent(assetSchema) }),
  response: z.object({ list: z.array(addressEntrySchema) }),
  errors: [],
});

export const addressAdd = defineEndpoint({
  method: 'POST',
  path: '/wallet/addressAdd',
  summary: 'Adds a withdrawal address, checked for its chain, to the address book',
  auth: true,
  request: z.object({
    asset: assetSchema,
    chain: chainSchema,
    address: requiredText(128),
    remark: optionalText(60),
  }),
  response: addressEntrySchema,
  errors: ['asset_unknown', 'address_invalid', 'address_wrong_chain', 'address_book_full'],
});

export const addressDelete = defineEndpoint({
  method: 'POST',
  path: '/wallet/addressDelete',
  summary: "Deletes one of the caller's address book entries",
  auth: true,
  request: z.object({ id: rowId('address_book.id', 'integer') }),
  response: z.null(),
  errors: ['address_entry_not_found'],
});

/** What a movement was, as the records filter it (`recordTypes`, schemas/record-names.ts). */
export const recordType = z.enum(recordTypes);

/** What an entry says it was, in the user's language (`wallet.records.labels.<label>`). */
export const recordLabel = z.enum(recordLabels);
export type RecordLabel = z.infer<typeof recordLabel>;
export type RecordType = z.infer<typeof recordType>;

/** What an entry's reference leads to, for a link to its order, contract, project or withdrawal. */
export const recordLinkTo = z.enum(recordLinks);
export type RecordLinkTo = z.infer<typeof recordLinkTo>;

/** The fill a trade record comes from, from the side of the record's owner. */
export const recordTradeSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  side: z.enum(['buy', 'sell']),
  price: decimalString,
  /** What traded, in base, and what it was worth, in quote. */
  quantity: decimalString,
  value: decimalString,
  /** The owner's fee on this fill, in what they received (base for a buy, quote for a sell). */
  fee: decimalString,
  fee_asset: z.string(),
});
export type RecordTrade = z.infer<typeof recordTradeSchema>;

export const recordSchema = z.object({
  /** The movement's id: the lines of one movement (a fill's base and quote) share it. */
  id: z.int(),
  type: recordType,
  /** What the entry was, finer than its type (a futures fill, its funding, a liquidation, …). */
  label: recordLabel,
  /** The wallet the entry is of; for a transfer, the one the money left. */
  wallet: walletSchema,
  /** For a transfer (one entry): the wallet the money reached; null for every other entry. */
  to_wallet: z.nullable(walletSchema),
  asset: z.string(),
  /**
   * Signed: what the movement did to this wallet's balance (available and frozen); for a transfer,
   * the amount moved (positive).
   */
  amount: decimalString,
  /** The movement's internal reference (deposit transaction, withdrawal, transfer, fill), for support. */
  reference: z.string(),
  /** A spot fill's pair, side, price, quantity, value and fee; null for every other movement. */
  trade: z.nullable(recordTradeSchema),
  /** What the movement belongs to (an order, a contract, a project), or null. */
  link: z.nullable(z.object({ to: recordLinkTo, id: z.string() })),
  created_at: timestamp,
});

export const records = defineEndpoint({
  method: 'GET',
  path: '/wallet/records',
  summary:
    "The caller's money movements, newest first, optionally of one type; a page holds whole movements (every line of each), `total` counts movements",
  auth: true,
  request: z.object({
    type: blankAsAbsent(recordType),
    page,
    size: pageSize,
  }),
  response: pagedSchema(recordSchema),
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
    'idempotency_key_malformed',
    'idempotency_key_reused',
    'transfer_same_wallet',
    'asset_unknown',
    'balance_insufficient',
    'amount_invalid',
  ],
});
