// Opens a session for a user who proved who they are, and answers it as login and register do.
import type { z } from 'zod';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { AppDeps } from '../deps.ts';
import { createSession, sessionLimitsOf } from './sessions.ts';
import type { UserRow } from './users.ts';

export async function logIn(
  deps: AppDeps,
  user: UserRow,
  client: { ip: string; userAgent: string },
): Promise<z.input<typeof sessionSchema>> {
  const limits = sessionLimitsOf(deps.config);
  const session = await createSession(deps.db, deps.clock, limits, user.id, client);
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user_id: user.id,
    account: user.account,
  };
}
