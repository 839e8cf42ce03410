// Who is logged in (/security/index, docs/product.md §4): what the shell shows from the start,
// apart from the rest of the account's settings (security.schema.ts, which re-exports it) so that
// it loads alone.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { timestamp } from '../primitives.ts';

export const verificationStatus = z.enum(['unverified', 'pending', 'verified', 'rejected']);

export const userInfoSchema = z.object({
  user_id: z.int(),
  account: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  avatar: z.string(),
  /** Identity verification: not certified, under review, verified (or rejected, to resubmit). */
  auth_status: verificationStatus,
  email_bound: z.boolean(),
  trade_password_set: z.boolean(),
  invite_code: z.string(),
  created_at: timestamp,
});

export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/security/index',
  summary: 'The logged-in user: account, UID, avatar, verification state, what is set',
  auth: true,
  request: z.object({}),
  response: userInfoSchema,
  errors: [],
});
