// Recovery codes: ten single-use codes made when an authenticator is bound, shown once as
// `xxxxx-xxxxx`, for when the phone with the app is lost (docs/security.md).
import { randomInt } from 'node:crypto';
import { sha256Hex } from '../accounts/secrets.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

export const recoveryCodeCount = 10;

// 32 symbols, 5 random bits each; no 0/o or 1/l, since the codes are copied by hand from paper.
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
const length = 10;

/** A code as the schema hands it over: lower-case, dashes removed. */
export function normaliseRecoveryCode(code: string): string {
  return code.replaceAll('-', '').toLowerCase();
}

/**
 * SHA-256, not argon2: each code is 50 random bits made by the server, not a person's choice, so
 * there is no dictionary to try and only the guard's ten tries an hour online. Offline, a slow hash
 * would protect nothing: the authenticator's secret sits beside these rows in clear (a verifier
 * needs it), so whoever can read the table needs no recovery code, while a login would pay 19 MiB
 * of argon2 per code tried. The user id in the digest keeps one table of digests from serving all
 * users.
 */
export function recoveryCodeDigest(userId: number, normalised: string): string {
  return sha256Hex(`recovery:${userId}:${normalised}`);
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(0, alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the user's recovery codes with ten new ones; answers them as shown, this once. */
export async function issueRecoveryCodes(db: Db, clock: Clock, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < recoveryCodeCount) codes.add(newRecoveryCode());
  const shown = [...codes];
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      shown.map((code) => ({
        user_id: userId,
        code_hash: recoveryCodeDigest(userId, normaliseRecoveryCode(code)),
        created_at: clock.now(),
        used_at: null,
      })),
    )
    .execute();
  return shown;
}

/** The id of the user's unused code with this normalised form, if there is one. */
export async function findRecoveryCode(
  db: Db,
  userId: number,
  normalised: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeDigest(userId, normalised))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Uses a code up, inside the transaction of the step it authorises: of two requests racing with
 * one code, one updates the row and the other finds it used. Answers whether this one did.
 */
export async function spendRecoveryCode(db: Db, clock: Clock, id: number): Promise<boolean> {
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: clock.now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

/** How many unused codes the user has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
