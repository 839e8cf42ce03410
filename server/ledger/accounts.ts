// Who can hold money: a user's wallet (funding, contract, second contract) per asset, and the
// system accounts money comes from and goes to. User accounts never go below zero; system
// accounts are the other side of every entry, so per asset everything sums to zero.
import type { Wallet } from '../db/tables.ts';

export const systemAccounts = [
  /** Money that entered from a chain: negative by what users deposited. */
  'external_deposits',
  /** Approved withdrawals on their way to the chain. */
  'withdrawals_in_flight',
  'fees',
  'insurance',
  /**
   * The other side of every realized contract PnL: at any price it holds what the open positions'
   * unrealized PnL sums to, and nothing once every position is closed (docs/contracts.md).
   */
  'contract_clearing',
  /**
   * The second contract's pool: stakes come in, wins and refunds are paid out. Funded from the
   * treasury; it must always cover the most the open contracts can cost (docs/options.md).
   */
  'option_pool',
  /** Money staked in products: the USDT pre-sales were paid for their tokens; AI products' principal. */
  'product_pools',
  /** Where pre-sale tokens come from: negative by every token distributed. */
  'issuance',
  /** The AI products' reward reserve: funded from the treasury, paid out as daily rewards. */
  'ai_reserve',
  /** The operator's own capital, lent to the liquidity provider: negative by what it lent. */
  'treasury',
] as const;
export type SystemAccount = (typeof systemAccounts)[number];

export type AccountRef =
  | { user: number; wallet: Wallet; asset: string }
  | { system: SystemAccount; asset: string };

export type Bucket = 'available' | 'frozen';

/** One line of a posting: a signed amount (atoms) on one bucket of one account. */
export interface Leg {
  account: AccountRef;
  bucket: Bucket;
  amount: bigint;
}

export const accountKey = (ref: AccountRef): string =>
  'user' in ref ? `u:${ref.user}:${ref.wallet}:${ref.asset}` : `s:${ref.system}:${ref.asset}`;
