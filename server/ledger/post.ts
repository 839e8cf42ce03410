// Writes one balanced posting inside the caller's transaction: every asset's legs sum to zero,
// each account's balance changes in the statement that checks it stays non-negative, and the
// posting's reference is unique, so the same movement can never be written twice.
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { accountIds } from './account-ids.ts';
import { type BalanceChange, type Posting, writePostings } from './write-postings.ts';

export { type BalanceChange, type Posting, UnbalancedPosting } from './write-postings.ts';

/** Writes the posting; answers the new balances of the user accounts it touched. */
export async function post(trx: Transaction<Database>, posting: Posting): Promise<BalanceChange[]> {
  // writePostings refuses an unbalanced posting; accounts created here roll back with it.
  const ids = await accountIds(
    trx,
    posting.legs.map((leg) => leg.account),
  );
  return writePostings(trx, [posting], ids);
}
