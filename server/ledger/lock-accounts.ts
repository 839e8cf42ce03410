// Locks user accounts for the rest of the transaction, in the ledger's one lock order (by id), and
// answers their balances: for a movement whose amount depends on a balance (a transfer of `all`).
// Create missing accounts (`accountIds`) before this and before any other lock: creating one
// after would wait on another transaction's creation of it while holding locks out of order.
import { sql, type Transaction } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Database } from '../db/tables.ts';
import { type AccountRef, accountKey } from './accounts.ts';

type UserAccount = Extract<AccountRef, { user: number }>;

export interface LockedBalance {
  available: bigint;
  frozen: bigint;
}

/** Balances by `accountKey`; an account that does not exist is absent. */
export async function lockAccounts(
  trx: Transaction<Database>,
  refs: readonly UserAccount[],
): Promise<Map<string, LockedBalance>> {
  const { rows } = await sql<{
    user_id: number;
    wallet: UserAccount['wallet'];
    asset: string;
    available: string;
    frozen: string;
  }>`
    select user_id, wallet, asset, available::text, frozen::text from ledger_accounts
    where (user_id, wallet, asset) in (
      select * from unnest(
        ${refs.map((ref) => ref.user)}::int[],
        ${refs.map((ref) => ref.wallet)}::text[],
        ${refs.map((ref) => ref.asset)}::text[]))
    order by id
    for update`.execute(trx);
  return new Map(
    rows.map((row) => [
      accountKey({ user: row.user_id, wallet: row.wallet, asset: row.asset }),
      { available: parseAmount(row.available) ?? 0n, frozen: parseAmount(row.frozen) ?? 0n },
    ]),
  );
}
