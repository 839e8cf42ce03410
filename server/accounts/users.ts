// Users: creation with a random UID and invite code, look-ups, and the user info the app shows.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { userInfoSchema } from '../../schemas/api/security.schema.ts';
import { type Db, isUniqueViolation } from '../db/database.ts';
import type { UsersTable } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { newInviteCode, newUserId } from './secrets.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string | undefined;
  phone: string | undefined;
  passwordHash: string;
  inviterId: number | null;
}

/** Inserts a user; a taken account is `account_exists`, a clash of random values is retried. */
export async function createUser(db: Db, user: NewUser, now: Date): Promise<UserRow> {
  const account = user.email ?? user.phone;
  if (account === undefined) throw new BusinessError('field_required', { field: 'email' });
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto('users')
        .values({
          id: newUserId(),
          account,
          email: user.email ?? null,
          phone: user.phone ?? null,
          password_hash: user.passwordHash,
          trade_password_hash: null,
          invite_code: newInviteCode(),
          inviter_id: user.inviterId,
          avatar: '',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const randomClash =
        isUniqueViolation(error, 'users_pkey') || isUniqueViolation(error, 'users_invite_code_key');
      if (randomClash && attempt < 5) continue;
      if (isUniqueViolation(error)) throw new BusinessError('account_exists');
      throw error;
    }
  }
}

export function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findUserByInviteCode(db: Db, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
}

/** Where codes for this user's own security changes are sent. */
export function securityDestination(user: UserRow): string {
  return user.email ?? user.phone ?? user.account;
}

export function toUserInfo(user: UserRow): z.input<typeof userInfoSchema> {
  return {
    user_id: user.id,
    account: user.account,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    auth_status: user.kyc_status,
    email_bound: user.email !== null,
    trade_password_set: user.trade_password_hash !== null,
    invite_code: user.invite_code,
    created_at: user.created_at.toISOString(),
  };
}
