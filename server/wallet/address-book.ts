// The user's saved withdrawal addresses, each checked for its chain when saved.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { AddressBookTable } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';

export type AddressEntry = Selectable<AddressBookTable>;

export function addressEntries(db: Db, userId: number, asset?: string): Promise<AddressEntry[]> {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(asset !== undefined, (q) => q.where('asset', '=', asset as string))
    .orderBy('id', 'desc')
    .execute();
}

export async function addAddressEntry(
  db: Db,
  entry: Omit<AddressEntry, 'id' | 'created_at'>,
): Promise<AddressEntry> {
  try {
    return await db
      .insertInto('address_book')
      .values(entry)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same address saved again: the entry that exists is the answer, its remark updated.
    return db
      .updateTable('address_book')
      .set({ remark: entry.remark })
      .where('user_id', '=', entry.user_id)
      .where('asset', '=', entry.asset)
      .where('chain', '=', entry.chain)
      .where('address', '=', entry.address)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

export async function deleteAddressEntry(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('address_book')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new BusinessError('address_entry_not_found');
}
