// The challenges passkeys sign (table webauthn_challenges): random, valid 5 minutes, for one
// purpose, the user's own where there is a user, and spent once.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { ChallengePurpose } from '../db/security-tables.ts';
import { BusinessError } from '../http/business-error.ts';

export const challengeTtlMs = 5 * 60_000;

/** Stores a challenge the library made; answers its id, which the browser's answer names. */
export async function storeChallenge(
  db: Db,
  clock: Clock,
  purpose: ChallengePurpose,
  userId: number | null,
  challenge: string,
): Promise<string> {
  const now = clock.now();
  // Sign-in challenges can be asked for by anyone: the table keeps only live ones, so what a
  // caller can add is bounded by the request rate limit and five minutes, not by time.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  const row = await db
    .insertInto('webauthn_challenges')
    .values({
      user_id: userId,
      purpose,
      challenge,
      created_at: now,
      expires_at: new Date(now.getTime() + challengeTtlMs),
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export interface LiveChallenge {
  id: string;
  challenge: string;
  userId: number | null;
}

/**
 * A challenge that may still be answered: of this purpose, unexpired, unused, and issued to
 * `userId` (to nobody for a sign-in, where `userId` is null). Anything else is
 * `passkey_challenge_expired`, so whose a challenge was is not told.
 */
export async function liveChallenge(
  db: Db,
  clock: Clock,
  id: number,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<LiveChallenge> {
  const row = await db
    .selectFrom('webauthn_challenges')
    .select(['id', 'challenge', 'user_id'])
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .executeTakeFirst();
  if (!row) throw new BusinessError('passkey_challenge_expired');
  return { id: String(row.id), challenge: row.challenge, userId: row.user_id };
}

/**
 * Spends a challenge inside the transaction of the step it authorises: a compare-and-set on
 * `used_at is null`, so of two requests racing with one signed answer only one passes.
 */
export async function spendChallenge(db: Db, clock: Clock, id: string): Promise<void> {
  const spent = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: clock.now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw new BusinessError('passkey_challenge_expired');
}
