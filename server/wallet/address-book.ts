// The user's saved withdrawal addresses, each checked for its chain when saved. An entry's age is
// what lets it receive funds: a withdrawal waits until it is older than the address hold.
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

/** The user's entry of this address for this asset and chain, if there is one. */
export function findAddressEntry(
  db: Db,
  entry: Pick<AddressEntry, 'user_id' | 'asset' | 'chain' | 'address'>,
): Promise<AddressEntry | undefined> {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('user_id', '=', entry.user_id)
    .where('asset', '=', entry.asset)
    .where('chain', '=', entry.chain)
    .where('address', '=', entry.address)
    .executeTakeFirst();
}

/**
 * Saves an address, or updates the remark of the same address saved before (keeping its age, so
 * saving it again never restarts its hold). A new address is refused once the book holds
 * `maxEntries`. The count and the insert run under a lock on this user's book, so two adds sent at
 * once cannot both take the last place. `added` says whether the address is new to the book.
 */
export async function addAddressEntry(
  db: Db,
  entry: Omit<AddressEntry, 'id' | 'created_at'>,
  maxEntries: number,
  now: Date,
): Promise<{ entry: AddressEntry; added: boolean }> {
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
    if (existing) return { entry: existing, added: false };
    const { count } = await trx
      .selectFrom('address_book')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', entry.user_id)
      .executeTakeFirstOrThrow();
    if (count >= maxEntries) throw new BusinessError('address_book_full', { count: maxEntries });
    // Stamped by the server's clock, which the hold is measured on, not by the database's.
    const added = await trx
      .insertInto('address_book')
      .values({ ...entry, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { entry: added, added: true };
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
