// The stored passkeys (table passkeys): a user's list as the app shows it, and the look-ups
// registration and sign-in need.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { passkeySchema } from '../../schemas/api/passkey.schema.ts';
import type { Db } from '../db/database.ts';
import type { PasskeysTable } from '../db/security-tables.ts';

export type PasskeyRow = Selectable<PasskeysTable>;

/** How many passkeys an account may hold: enough for every device, few enough to review. */
export const passkeyLimit = 10;

export function toPasskeyView(row: PasskeyRow): z.input<typeof passkeySchema> {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    backed_up: row.backed_up,
  };
}

/** The user's passkeys, newest first. */
export function userPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function passkeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** The transports as the options list them. */
export function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] {
  return row.transports === '' ? [] : row.transports.split(',');
}

/**
 * The user handle a passkey is made with, which the authenticator answers back at sign-in: the
 * account's UID, which the app shows anyway and which names no person. The same handle for every
 * passkey of an account lets an authenticator replace its own rather than keep two.
 */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}
