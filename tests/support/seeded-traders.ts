// Many traders at once, for tests that need hundreds of positions: users inserted in one
// statement (with a hash no password verifies against, as the liquidity provider's), a session
// each, and USDT in one of their wallets (the contract wallet unless told) through one balanced
// deposit posting per user.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newInviteCode, newUserId } from '../../server/accounts/secrets.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import { type Clock, systemClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/database.ts';
import type { Wallet } from '../../server/db/tables.ts';
import { post } from '../../server/ledger/post.ts';

export interface SeededTrader {
  userId: number;
  token: string;
}

/** Long enough for a test that moves its clock across days. */
const limits = { idleMs: 30 * 86_400_000, maxMs: 30 * 86_400_000 };

export async function seedTraders(
  db: Db,
  count: number,
  usdt: bigint,
  wallet: Wallet = 'contract',
  clock: Clock = systemClock,
): Promise<SeededTrader[]> {
  const users = Array.from({ length: count }, () => {
    const email = `seeded-${randomUUID()}@example.com`;
    return { id: newUserId(), email, invite: newInviteCode() };
  });
  await sql`
    insert into users (id, account, email, phone, password_hash, trade_password_hash,
      invite_code, inviter_id, avatar)
    select id, email, email, null, '!no-login', null, invite, null, ''
    from unnest(${users.map((u) => u.id)}::int[], ${users.map((u) => u.email)}::text[],
      ${users.map((u) => u.invite)}::text[]) as u(id, email, invite)`.execute(db);
  const traders: SeededTrader[] = [];
  for (const user of users) {
    await db.transaction().execute((trx) =>
      post(trx, {
        kind: 'deposit',
        reference: `test:seed:${user.id}`,
        legs: [
          {
            account: { system: 'external_deposits', asset: 'USDT' },
            bucket: 'available',
            amount: -usdt,
          },
          {
            account: { user: user.id, wallet, asset: 'USDT' },
            bucket: 'available',
            amount: usdt,
          },
        ],
      }),
    );
    const { token } = await createSession(db, clock, limits, user.id, {
      ip: '127.0.0.1',
      userAgent: 'seeded',
    });
    traders.push({ userId: user.id, token });
  }
  return traders;
}
