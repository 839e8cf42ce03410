// Each user's deposit address per chain: the next unused child of the chain's extended public
// key, assigned once and kept, so the same user always sees the same address.
import { type Db, isUniqueViolation } from '../db/database.ts';
import type { ChainId } from './addresses/chains.ts';

export type Derive = (chain: ChainId, index: number) => string;

export async function depositAddressFor(
  db: Db,
  derive: Derive,
  userId: number,
  chain: ChainId,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = await db
      .selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('chain', '=', chain)
      .executeTakeFirst();
    if (kept) return kept.address;
    const { last } = await db
      .selectFrom('deposit_addresses')
      .select(({ fn }) => fn.max('derivation_index').as('last'))
      .where('chain', '=', chain)
      .executeTakeFirstOrThrow();
    const index = last === null ? 0 : Number(last) + 1;
    try {
      await db
        .insertInto('deposit_addresses')
        .values({ user_id: userId, chain, address: derive(chain, index), derivation_index: index })
        .execute();
    } catch (error) {
      // Another request took this index (or assigned this user's address) first: look again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`no deposit address could be assigned on ${chain}`);
}

/** The user a deposit address belongs to. */
export async function ownerOfAddress(db: Db, chain: string, address: string) {
  return db
    .selectFrom('deposit_addresses')
    .select('user_id')
    .where('chain', '=', chain)
    .where('address', '=', address)
    .executeTakeFirst();
}
