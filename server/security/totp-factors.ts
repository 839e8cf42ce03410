// The stored authenticator of a user (table totp_factors): the secret waiting for its first code,
// then confirmed, with the last step a code was accepted for.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { newTotpSecret } from './totp.ts';

/** How long a secret waits for the code that confirms it. */
export const totpSetupMs = 10 * 60_000;

export interface TotpFactor {
  secret: string;
  createdAt: Date;
  confirmed: boolean;
  /** The last step a code was accepted for; null before any. */
  lastStep: number | null;
}

export async function findTotpFactor(db: Db, userId: number): Promise<TotpFactor | undefined> {
  const row = await db
    .selectFrom('totp_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    secret: row.secret,
    createdAt: row.created_at,
    confirmed: row.confirmed_at !== null,
    lastStep: row.last_step === null ? null : Number(row.last_step),
  };
}

/** The user's confirmed authenticator, if any. */
export async function confirmedTotpFactor(db: Db, userId: number): Promise<TotpFactor | undefined> {
  const factor = await findTotpFactor(db, userId);
  return factor?.confirmed ? factor : undefined;
}

/**
 * Stores a new unconfirmed secret, replacing one that waits; refuses `totp_already_bound` when the
 * user has a confirmed one (also when a bind confirmed it a moment ago: the update's condition is
 * read at the time it runs).
 */
export async function startTotpSetup(db: Db, clock: Clock, userId: number): Promise<string> {
  const secret = newTotpSecret();
  const now = clock.now();
  // Raw, as the row types keep created_at out of updates: here the validity starts again.
  const stored = await sql<{ user_id: number }>`
    insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step)
    values (${userId}, ${secret}, ${now}, null, null)
    on conflict (user_id) do update
      set secret = excluded.secret, created_at = excluded.created_at, last_step = null
      where totp_factors.confirmed_at is null
    returning user_id`.execute(db);
  if (stored.rows.length === 0) throw new BusinessError('totp_already_bound');
  return secret;
}

/**
 * Confirms the secret that was checked, recording the code's step: a compare-and-set on the secret
 * still waiting, so a bind racing another bind or a new set-up cannot both win. Answers the
 * refusal when it lost.
 */
export async function confirmTotpFactor(
  db: Db,
  clock: Clock,
  userId: number,
  secret: string,
  step: number,
): Promise<void> {
  const confirmed = await db
    .updateTable('totp_factors')
    .set({ confirmed_at: clock.now(), last_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('confirmed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (confirmed) return;
  const now = await findTotpFactor(db, userId);
  throw new BusinessError(now?.confirmed ? 'totp_already_bound' : 'totp_setup_expired');
}

/**
 * Spends a step of a confirmed authenticator: a compare-and-set (`last_step < step`) inside the
 * transaction of the step the code authorises, so of two requests racing with one code only one
 * passes. Refuses `totp_reused` for the other.
 */
export async function spendTotpStep(db: Db, userId: number, step: number): Promise<void> {
  const spent = await db
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  if (!spent) throw new BusinessError('totp_reused');
}

/** Removes the authenticator and its recovery codes. */
export async function deleteTotpFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
}
