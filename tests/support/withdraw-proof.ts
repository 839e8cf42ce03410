// What a withdrawal needs besides its trade password, for tests: the email code (asked for as the
// app asks, or stored straight for tests that withdraw faster than codes may be sent), and the
// settings that take the address and security holds away where the holds are not what is tested.
import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../server/accounts/secrets.ts';
import type { Db } from '../../server/db/database.ts';
import { lastCodeFor } from './accounts.ts';
import type { ApiClient } from './api-client.ts';

/** Server settings without the holds: a new address can receive funds at once, and a change to
 * the account's security (a trade password set, say) does not pause withdrawals. */
export const withoutWithdrawHolds = {
  WITHDRAW_ADDRESS_HOLD_HOURS: '0',
  WITHDRAW_SECURITY_HOLD_HOURS: '0',
} as const;

/**
 * Asks for a withdrawal code through `/security/sendCode`, as the app does, and reads it from the
 * outbox. A user can be sent one a minute (ten a day): tests on the wall clock that withdraw more
 * often take `storeWithdrawCode`.
 */
export async function sendWithdrawCode(
  client: ApiClient,
  dataDir: string,
  user: { account: string; token: string },
): Promise<string> {
  const sent = await client.post(
    '/security/sendCode',
    { type: 'email', purpose: 'withdraw' },
    { token: user.token },
  );
  if (sent.body.code !== 200) throw new Error(`no withdrawal code: ${sent.body.msg}`);
  return lastCodeFor(dataDir, user.account);
}

/**
 * Stores a live withdrawal code for the user's account as server/accounts/codes.ts stores one
 * (hashed with its purpose and destination, replacing any earlier one, valid 10 minutes from
 * `now`), without the once-a-minute and daily limits of sending one: for tests whose subject is
 * the money, not the codes.
 */
export async function storeWithdrawCode(
  db: Db,
  user: { account: string },
  now: Date = new Date(),
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const destination = user.account;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('destination', '=', destination)
      .where('purpose', '=', 'withdraw')
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        destination,
        purpose: 'withdraw',
        code_hash: sha256Hex(`withdraw:${destination}:${code}`),
        created_at: now,
        expires_at: new Date(now.getTime() + 10 * 60_000),
        consumed_at: null,
      })
      .execute();
  });
  return code;
}
