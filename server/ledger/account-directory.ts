// Ledger account ids a long-running writer has already looked up: an account's id never changes,
// so each is asked for once. Balances are not kept here: other writers change them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { accountIds } from './account-ids.ts';
import { type AccountRef, accountKey } from './accounts.ts';

export class AccountDirectory {
  readonly #ids = new Map<string, string>();

  /** The ids of `refs` by account key, creating missing accounts; asks only for unknown ones. */
  async resolve(db: Kysely<Database>, refs: readonly AccountRef[]): Promise<Map<string, string>> {
    const unknown = refs.filter((ref) => !this.#ids.has(accountKey(ref)));
    if (unknown.length > 0) {
      for (const [key, id] of await accountIds(db, unknown)) this.#ids.set(key, id);
    }
    return new Map(refs.map((ref) => [accountKey(ref), this.#ids.get(accountKey(ref)) as string]));
  }
}
