// Credits confirmed deposits to their users' funding accounts: money enters from the external
// deposits account in one posting per transfer whose reference is the chain and transaction id
// (and the log index of a token transfer), so a transfer is credited exactly once however often
// the chain watcher reports it. Many are credited in a few statements, as a watcher credits a
// block's worth at once.
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { accountIds } from '../ledger/account-ids.ts';
import type { Posting } from '../ledger/post.ts';
import { type BalanceChange, writePostings } from '../ledger/write-postings.ts';
import { depositReference } from './ledger-kinds.ts';

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

const referenceOf = ({ chain, txid, logIndex }: ConfirmedDeposit) =>
  depositReference.build(logIndex === undefined ? { chain, txid } : { chain, txid, logIndex });

/**
 * Credits the deposits not credited before; answers the new balances of the accounts credited.
 * Two writers racing over one transfer both pass the check; the posting's unique reference then
 * fails the second one's transaction.
 */
export async function creditDeposits(
  trx: Transaction<Database>,
  deposits: readonly ConfirmedDeposit[],
): Promise<BalanceChange[]> {
  if (deposits.length === 0) return [];
  const byReference = new Map(deposits.map((deposit) => [referenceOf(deposit), deposit]));
  const done = await trx
    .selectFrom('ledger_postings')
    .select('reference')
    .where('reference', 'in', [...byReference.keys()])
    .execute();
  for (const row of done) byReference.delete(row.reference);
  const postings: Posting[] = [...byReference].map(([reference, deposit]) => ({
    kind: 'deposit',
    reference,
    legs: [
      {
        account: { system: 'external_deposits', asset: deposit.asset },
        bucket: 'available',
        amount: -deposit.amount,
      },
      {
        account: { user: deposit.userId, wallet: 'funding', asset: deposit.asset },
        bucket: 'available',
        amount: deposit.amount,
      },
    ],
  }));
  if (postings.length === 0) return [];
  const ids = await accountIds(
    trx,
    postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
  );
  return writePostings(trx, postings, ids);
}

/** True when credited now, false when this transfer was credited before. */
export async function creditDeposit(
  trx: Transaction<Database>,
  deposit: ConfirmedDeposit,
): Promise<boolean> {
  const before = await trx
    .selectFrom('ledger_postings')
    .select('id')
    .where('reference', '=', referenceOf(deposit))
    .executeTakeFirst();
  if (before) return false;
  await creditDeposits(trx, [deposit]);
  return true;
}
