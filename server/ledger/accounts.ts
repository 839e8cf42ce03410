// Who can hold money: a user's wallet (funding, contract, second contract) per asset, and the
// system accounts money comes from and goes to (the shared ones here, the products' own declared
// with their kinds). User accounts never go below zero; system
// accounts are the other side of every entry, so per asset everything sums to zero.
import type { Wallet } from '../db/tables.ts';
import type { DeclaredSystemAccounts } from './kinds.ts';

/** The system accounts every product shares; each product declares its own (server/ledgers.ts). */
export const sharedSystemAccounts = [
  /** Money that entered from a chain: negative by what users deposited. */
  'external_deposits',
  /** Approved withdrawals on their way to the chain. */
  'withdrawals_in_flight',
  'fees',
  'insurance',
  /** The operator's own capital, lent to the liquidity provider: negative by what it lent. */
  'treasury',
] as const;
/** A shared system account, or one a product declared (server/ledger/kinds.ts). */
export type SystemAccount =
  | (typeof sharedSystemAccounts)[number]
  | (keyof DeclaredSystemAccounts & string);

export type AccountRef =
  | { user: number; wallet: Wallet; asset: string }
  /**
   * `shard`: one of the account's rows (a market's, for fees), so that writers posting to their
   * own shards never wait on one another's lock; absent, the account's one row. Its total is the
   * sum over its shards.
   */
  | { system: SystemAccount; asset: string; shard?: string };

export type Bucket = 'available' | 'frozen';

/** One line of a posting: a signed amount (atoms) on one bucket of one account. */
export interface Leg {
  account: AccountRef;
  bucket: Bucket;
  amount: bigint;
}

export const accountKey = (ref: AccountRef): string =>
  'user' in ref
    ? `u:${ref.user}:${ref.wallet}:${ref.asset}`
    : `s:${ref.system}${ref.shard ? `@${ref.shard}` : ''}:${ref.asset}`;
