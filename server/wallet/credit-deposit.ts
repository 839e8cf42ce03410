// Credits a confirmed deposit to the user's funding account: money enters from the external
// deposits account in one posting whose reference is the chain and transaction id (and the log
// index of a token transfer), so a transfer is credited exactly once however often the chain
// watcher reports it.
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { post } from '../ledger/post.ts';

export interface ConfirmedDeposit {
  userId: number;
  asset: string;
  chain: string;
  txid: string;
  /** The log of a token transfer; -1 or absent for a native transfer (its reference has none). */
  logIndex?: number;
  /** Atoms. */
  amount: bigint;
}

/**
 * True when credited now, false when this transaction was credited before. Two reports racing
 * each other both pass the check; the posting's unique reference then fails the second one's
 * transaction, which its caller retries into `false`.
 */
export async function creditDeposit(
  trx: Transaction<Database>,
  deposit: ConfirmedDeposit,
): Promise<boolean> {
  const { userId, asset, chain, txid, amount } = deposit;
  const logIndex = deposit.logIndex ?? -1;
  const reference =
    logIndex < 0 ? `deposit:${chain}:${txid}` : `deposit:${chain}:${txid}:${logIndex}`;
  const done = await trx
    .selectFrom('ledger_postings')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (done) return false;
  await post(trx, {
    kind: 'deposit',
    reference,
    legs: [
      { account: { system: 'external_deposits', asset }, bucket: 'available', amount: -amount },
      { account: { user: userId, wallet: 'funding', asset }, bucket: 'available', amount },
    ],
  });
  return true;
}
