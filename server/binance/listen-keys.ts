// Listen keys of the door's user data streams (docs/api-binance.md § "User data streams"), as
// Binance keeps them: made with an API key for one door family, valid 60 minutes from the last
// keepalive, one open per key and family (making one again answers it and extends it). A key whose
// API key was deleted is refused like one that does not exist.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { randomKeyText } from '../security/api-key-store.ts';

/** The door family a stream belongs to: `api` for spot's `/api/v3`, `fapi` for `/fapi/v1`. */
export type StreamFamily = 'api' | 'fapi';

/** How long a listen key lives after it is made or kept alive, as on Binance. */
export const listenKeyLifetimeMs = 60 * 60_000;

export interface ListenKeyOwner {
  apiKeyId: number;
  userId: number;
  family: StreamFamily;
}

export interface OpenListenKey {
  userId: number;
  family: StreamFamily;
  expiresAt: Date;
}

const expiryFrom = (now: Date) => new Date(now.getTime() + listenKeyLifetimeMs);

/** The owner's open listen key, extended; made when there is none (or it expired). */
export async function openListenKey(db: Db, owner: ListenKeyOwner, now: Date): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // An expired key is closed here, so the one-open-key rule leaves room for the new one.
    await trx
      .updateTable('listen_keys')
      .set({ closed_at: now })
      .where('api_key_id', '=', owner.apiKeyId)
      .where('family', '=', owner.family)
      .where('closed_at', 'is', null)
      .where('expires_at', '<=', now)
      .execute();
    const kept = await trx
      .updateTable('listen_keys')
      .set({ expires_at: expiryFrom(now) })
      .where('api_key_id', '=', owner.apiKeyId)
      .where('family', '=', owner.family)
      .where('closed_at', 'is', null)
      .returning('listen_key')
      .executeTakeFirst();
    if (kept) return kept.listen_key;
    // Two calls at once: the second's insert meets the first's row and answers it.
    const made = await sql<{ listen_key: string }>`
      insert into listen_keys (listen_key, api_key_id, user_id, family, expires_at)
      values (${randomKeyText()}, ${owner.apiKeyId}, ${owner.userId}, ${owner.family},
        ${expiryFrom(now)})
      on conflict (api_key_id, family) where closed_at is null
      do update set expires_at = excluded.expires_at
      returning listen_key`.execute(trx);
    const key = made.rows[0]?.listen_key;
    if (key === undefined) throw new Error('listen key insert answered no row');
    return key;
  });
}

/** Extends the owner's open key `listenKey`; false when there is no such key open. */
export function keepListenKeyAlive(
  db: Db,
  owner: Omit<ListenKeyOwner, 'apiKeyId'>,
  listenKey: string,
  now: Date,
): Promise<boolean> {
  return changeOpenKey(db, owner, listenKey, now, { expires_at: expiryFrom(now) });
}

/** Closes the owner's open key `listenKey`; false when there is no such key open. */
export function closeListenKey(
  db: Db,
  owner: Omit<ListenKeyOwner, 'apiKeyId'>,
  listenKey: string,
  now: Date,
): Promise<boolean> {
  return changeOpenKey(db, owner, listenKey, now, { closed_at: now });
}

/** Sets `change` on the owner's open, unexpired key `listenKey`; false when there is none. */
async function changeOpenKey(
  db: Db,
  owner: Omit<ListenKeyOwner, 'apiKeyId'>,
  listenKey: string,
  now: Date,
  change: { expires_at: Date } | { closed_at: Date },
): Promise<boolean> {
  const changed = await db
    .updateTable('listen_keys')
    .set(change)
    .where('listen_key', '=', listenKey)
    .where('user_id', '=', owner.userId)
    .where('family', '=', owner.family)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** The API key's open, unexpired listen key of `family`, if it has one. */
export async function currentListenKey(
  db: Db,
  apiKeyId: number,
  family: StreamFamily,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('listen_keys')
    .select('listen_key')
    .where('api_key_id', '=', apiKeyId)
    .where('family', '=', family)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.listen_key;
}

/** The open, unexpired key `listenKey` whose API key is live; null otherwise. */
export async function resolveListenKey(
  db: Db,
  listenKey: string,
  now: Date,
): Promise<OpenListenKey | null> {
  const row = await db
    .selectFrom('listen_keys')
    .innerJoin('api_keys', 'api_keys.id', 'listen_keys.api_key_id')
    .select(['listen_keys.user_id', 'listen_keys.family', 'listen_keys.expires_at'])
    .where('listen_keys.listen_key', '=', listenKey)
    .where('listen_keys.closed_at', 'is', null)
    .where('listen_keys.expires_at', '>', now)
    .where('api_keys.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const family = row.family === 'fapi' ? 'fapi' : 'api';
  return { userId: row.user_id, family, expiresAt: row.expires_at };
}
