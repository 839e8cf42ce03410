// The user's saved withdrawal addresses, each checked for its chain when saved.
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AddressBookTable } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';

export type AddressEntry = Selectable<AddressBookTable>;

/** First key of the advisory lock on a user's address book ("ADBK"); the second is the user id. */
const addressBookLock = 0x4144424b;

export function addressEntries(db: Db, userId: number, asset?: string): Promise<AddressEntry[]> {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(asset !== undefined, (q) => q.where('asset', '=', asset as string))
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Saves an address, or updates the remark of the same address saved before. A new address is
 * refused once the book holds `maxEntries`. The count and the insert run under a lock on this
 * user's book, so two adds sent at once cannot both take the last place.
 */
export async function addAddressEntry(
  db: Db,
  entry: Omit<AddressEntry, 'id' | 'created_at'>,
  maxEntries: number,
): Promise<AddressEntry> {
  return db.transaction().execute(async (trx) => {
    // An advisory lock, not a row lock: the place being raced for is a row that does not exist
    // yet. Held until the transaction ends; only adds to the same user's book wait for it.
    await sql`select pg_advisory_xact_lock(${addressBookLock}, ${entry.user_id})`.execute(trx);
    // The same address saved again: the entry that exists is the answer, its remark updated.
    const existing = await trx
      .updateTable('address_book')
      .set({ remark: entry.remark })
      .where('user_id', '=', entry.user_id)
      .where('asset', '=', entry.asset)
      .where('chain', '=', entry.chain)
      .where('address', '=', entry.address)
      .returningAll()
      .executeTakeFirst();
    if (existing) return existing;
    const { count } = await trx
      .selectFrom('address_book')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', entry.user_id)
      .executeTakeFirstOrThrow();
    if (count >= maxEntries) throw new BusinessError('address_book_full', { count: maxEntries });
    return trx.insertInto('address_book').values(entry).returningAll().executeTakeFirstOrThrow();
  });
}

export async function deleteAddressEntry(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('address_book')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new BusinessError('address_entry_not_found');
}
