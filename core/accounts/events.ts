// Events of the session, the security center and the invite programme. No payload carries a
// password, a code or a token: a capture can be shared.
import { z } from 'zod/mini';
import { inviteInfo, userInfoSchema } from '../../schemas/api/security.schema.ts';
import { event } from '../event.ts';

const proof = z.object({ proof: z.enum(['code', 'old']) });

export const accountsEvents = [
  event('intent', 'send-code', z.object({ scene: z.enum(['register', 'forget']) })),
  event('intent', 'register', z.null()),
  event('intent', 'login-requested', z.null()),
  event('intent', 'forget', z.null()),
  event('intent', 'logout', z.null()),
  event('api', 'login', z.object({ account: z.string(), user_id: z.int() })),
  event('api', 'session-expired', z.null()),
  event('api', 'user', userInfoSchema),
  event('intent', 'security-code-requested', z.object({ to: z.enum(['email', 'phone']) })),
  event('intent', 'password-change', proof),
  event('intent', 'trade-password-change', proof),
  event('intent', 'invite-requested', z.null()),
  event('api', 'invite', inviteInfo.response),
] as const;
