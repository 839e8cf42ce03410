// The caller's balances (`/wallet/balances`, docs/product.md §17) and the private `balances`
// channel: what the spot page shows from the start, apart from the rest of the wallet's calls
// (wallet.schema.ts, which re-exports them) so that it loads only this.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString } from '../primitives.ts';
import { walletNames } from '../wallet-names.ts';

export const walletSchema = z.enum(walletNames);
export type WalletName = z.infer<typeof walletSchema>;

/** One decimal per wallet: the shape of per-wallet totals. */
const perWallet = Object.fromEntries(walletNames.map((wallet) => [wallet, decimalString])) as {
  [W in WalletName]: typeof decimalString;
};

export const balanceSchema = z.object({
  wallet: walletSchema,
  asset: z.string(),
  available: decimalString,
  frozen: decimalString,
  /** (available + frozen) valued in USDT at the index price; null when no price is known. */
  value_usdt: z.nullable(decimalString),
  /**
   * What the value is priced at: the market's index, or, for a token no market quotes yet, its
   * pre-sale (subscription) price. Absent when there is no value.
   */
  price_basis: z.optional(z.enum(['index', 'presale'])),
});

export const balances = defineEndpoint({
  method: 'GET',
  path: '/wallet/balances',
  summary: "The caller's balances in every account and asset they hold",
  auth: true,
  request: z.object({}),
  response: z.object({
    balances: z.array(balanceSchema),
    /** Everything valued in USDT at the index price, per wallet and in all. */
    totals: z.object({ ...perWallet, all: decimalString }),
  }),
  errors: [],
});

/** The private `balances` channel: the caller's accounts whose balance changed. */
export const balancesDataSchema = z.array(
  z.object({
    wallet: walletSchema,
    asset: z.string(),
    available: decimalString,
    frozen: decimalString,
  }),
);
