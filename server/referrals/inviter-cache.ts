// Who invited whom, remembered by a long-running writer: a user's inviters are fixed when they
// register, so each user's chain is read once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { InviterChains } from './commission.ts';
import { inviterChains } from './inviters.ts';

export class InviterCache {
  readonly #chains = new Map<number, readonly number[]>();

  /** The chains of `userIds` (users with no inviter are left out). */
  async of(db: Kysely<Database>, userIds: readonly number[]): Promise<InviterChains> {
    const unknown = userIds.filter((id) => !this.#chains.has(id));
    if (unknown.length > 0) {
      const found = await inviterChains(db, unknown);
      for (const id of unknown) this.#chains.set(id, found.get(id) ?? []);
    }
    const chains = new Map<number, readonly number[]>();
    for (const id of userIds) {
      const chain = this.#chains.get(id) ?? [];
      if (chain.length > 0) chains.set(id, chain);
    }
    return chains;
  }
}
