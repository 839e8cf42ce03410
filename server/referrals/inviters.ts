// Who invited whom, read inside the caller's transaction: each user's inviters up to level 3.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { InviterChains } from './commission.ts';

export async function inviterChains(
  trx: Transaction<Database> | Kysely<Database>,
  userIds: readonly number[],
): Promise<InviterChains> {
  const chains = new Map<number, number[]>();
  if (userIds.length === 0) return chains;
  const rows = await trx
    .selectFrom('users as u1')
    .leftJoin('users as u2', 'u2.id', 'u1.inviter_id')
    .leftJoin('users as u3', 'u3.id', 'u2.inviter_id')
    .select(['u1.id as id', 'u1.inviter_id as l1', 'u2.inviter_id as l2', 'u3.inviter_id as l3'])
    .where('u1.id', 'in', userIds)
    .execute();
  for (const row of rows) {
    const chain: number[] = [];
    for (const inviter of [row.l1, row.l2, row.l3]) {
      if (inviter === null || inviter === undefined) break;
      chain.push(inviter);
    }
    if (chain.length > 0) chains.set(row.id, chain);
  }
  return chains;
}
