// A withdrawal whose transaction failed on chain (it was mined and reverted): the money never left,
// so the amount comes back out of `withdrawals_in_flight` and the fee out of the fees earned, both
// to the user's funding wallet, in one posting in the transaction that marks it `failed`. Only an
// approved withdrawal can fail, and the posting's reference is unique: it is returned once.
import type { Transaction } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Database } from '../db/tables.ts';
import type { Leg } from '../ledger/accounts.ts';
import { post } from '../ledger/post.ts';
import { withdrawalReference } from './ledger-kinds.ts';
import { lockApproved, type WithdrawalRow } from './withdrawals.ts';

/** Marks the approved withdrawal failed and returns its funds; null when it is not approved. */
export async function markFailed(
  trx: Transaction<Database>,
  id: number,
  reason: string,
): Promise<WithdrawalRow | null> {
  const row = await lockApproved(trx, id);
  if (!row) return null;
  const amount = parseAmount(row.amount) ?? 0n;
  const fee = parseAmount(row.fee) ?? 0n;
  const legs = [
    {
      account: { system: 'withdrawals_in_flight', asset: row.asset },
      bucket: 'available',
      amount: -amount,
    },
    { account: { system: 'fees', asset: row.asset }, bucket: 'available', amount: -fee },
    {
      account: { user: row.user_id, wallet: 'funding', asset: row.asset },
      bucket: 'available',
      amount: amount + fee,
    },
  ].filter((leg) => leg.amount !== 0n) as Leg[];
  await post(trx, {
    kind: 'withdrawal.failed',
    reference: withdrawalReference.build({ id, step: 'failed' }),
    legs,
  });
  return trx
    .updateTable('withdrawals')
    .set({ status: 'failed', reason, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
