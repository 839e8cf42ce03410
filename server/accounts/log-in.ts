// Opens a session for a user who proved who they are, and answers it as login and register do.
// Each one is written to the login history with its device; the owner is told of a login from a
// device not seen in the history's span, and the account takes the language it was opened in.
import type { z } from 'zod';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { LoginMethod } from '../db/security-tables.ts';
import type { AppDeps } from '../deps.ts';
import type { RouteContext } from '../http/router.ts';
import { summariseDevice } from '../security/device-summary.ts';
import { knownDevice, recordLoginEvent } from '../security/login-history.ts';
import { notify } from '../security/notices.ts';
import { createSession, sessionLimitsOf } from './sessions.ts';
import type { UserRow } from './users.ts';

/** Whether the account was ever signed in to before: its first login from a device is no news. */
async function signedInBefore(deps: AppDeps, userId: number): Promise<boolean> {
  const [event, session] = await Promise.all([
    deps.db
      .selectFrom('login_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('outcome', '=', 'ok')
      .limit(1)
      .executeTakeFirst(),
    // Accounts from before the history was kept have sessions only.
    deps.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return event !== undefined || session !== undefined;
}

export async function logIn(
  deps: AppDeps,
  user: UserRow,
  context: Pick<RouteContext, 'ip' | 'userAgent' | 'request'>,
  method: LoginMethod = 'password',
): Promise<z.input<typeof sessionSchema>> {
  const { db, clock } = deps;
  const client = { ip: context.ip, userAgent: context.userAgent };
  const device = summariseDevice(client.userAgent);
  const [known, before] = await Promise.all([
    knownDevice(db, clock, user.id, device),
    signedInBefore(deps, user.id),
  ]);
  const language = context.request.language;
  const session = await db.transaction().execute(async (trx) => {
    const opened = await createSession(trx, clock, sessionLimitsOf(deps.config), user.id, client);
    await recordLoginEvent(trx, clock, {
      userId: user.id,
      client,
      device,
      method,
      outcome: 'ok',
      newDevice: !known,
    });
    if (user.language !== language) {
      await trx.updateTable('users').set({ language }).where('id', '=', user.id).execute();
    }
    return opened;
  });
  if (!known && before) {
    await notify(deps, user.id, { kind: 'new_device_login', device, ip: client.ip });
  }
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user_id: user.id,
    account: user.account,
  };
}
