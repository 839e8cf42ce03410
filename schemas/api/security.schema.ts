// The account's own settings: user info (user.schema.ts), codes, passwords, verification and
// invites (docs/product.md §18: /security/*).
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  blankAsAbsent,
  decimalString,
  enteredPassword,
  newPassword,
  newTradePassword,
  noData,
  repeatedPassword,
  requiredText,
  timestamp,
  verificationCode,
} from '../primitives.ts';
import { codeSentSchema, requireRepeat } from './account.schema.ts';
import { verificationStatus } from './user.schema.ts';

// Who is logged in, which the shell asks at once, is in its own file.
export { userInfo, userInfoSchema, verificationStatus } from './user.schema.ts';

export const sendSecurityCode = defineEndpoint({
  method: 'POST',
  path: '/security/sendCode',
  summary: "Send a 6-digit code to the logged-in user's own email (or phone)",
  auth: true,
  request: z.object({
    type: z._default(z.enum(['email', 'phone']), 'email'),
    /** `withdraw` for the code a withdrawal is confirmed with; `security` for every other change. */
    purpose: z._default(z.enum(['security', 'withdraw']), 'security'),
  }),
  response: codeSentSchema,
  errors: ['destination_not_bound', 'code_too_frequent', 'code_daily_limit'],
});

/** A change needs proof of ownership: the current password, or a code sent by /security/sendCode. */
const proof = {
  old_password: blankAsAbsent(enteredPassword),
  code: blankAsAbsent(verificationCode),
};

/** What a change that needs proof may answer: a wrong password counts against its lock. */
const proofErrors = [
  'proof_required',
  'old_password_wrong',
  'login_locked',
  'code_invalid',
  'code_attempts_exceeded',
] as const;

/** The same for the trade password, whose lock is its own. */
const tradeProofErrors = [
  'proof_required',
  'old_password_wrong',
  'trade_password_locked',
  'code_invalid',
  'code_attempts_exceeded',
] as const;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/security/password',
  summary: 'Change the login password; every other session of the account ends',
  auth: true,
  request: requireRepeat(
    z.object({ ...proof, password: newPassword, repassword: repeatedPassword }),
  ),
  response: noData,
  errors: proofErrors,
});

export const setTradePassword = defineEndpoint({
  method: 'POST',
  path: '/security/payPwd',
  summary:
    'Set the trade password (with a code) or change it (with the current trade password or a code)',
  auth: true,
  request: requireRepeat(
    z.object({ ...proof, password: newTradePassword, repassword: repeatedPassword }),
  ),
  response: noData,
  errors: tradeProofErrors,
});

export const inviteLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const inviteInfo = defineEndpoint({
  method: 'GET',
  path: '/security/invite',
  summary: 'Invite code and link, invitee counts per level, and the invite log',
  auth: true,
  request: z.object({}),
  response: z.object({
    invite_code: z.string(),
    /** The register screen with the code filled in, relative to the app's origin (`/#/login?invite_code=…`). */
    link: z.string(),
    counts: z.object({
      level1: z.int(),
      level2: z.int(),
      level3: z.int(),
    }),
    /** Newest first, at most 200 entries (the counts cover everyone); accounts masked. */
    log: z.array(z.object({ level: inviteLevel, account: z.string(), registered_at: timestamp })),
    /** The share of an invitee's trading fee paid at levels 1, 2, 3 (`0.2`), nearest first. */
    rates: z.array(decimalString),
    /** Commission earned so far, per level and asset (only those with any). */
    earned: z.array(z.object({ level: inviteLevel, asset: z.string(), amount: decimalString })),
  }),
  errors: [],
});

export const verificationInfoSchema = z.object({
  status: verificationStatus,
  /** Masked for display; the full values never leave the server. */
  real_name: z.nullable(z.string()),
  id_number: z.nullable(z.string()),
  submitted_at: z.nullable(timestamp),
  reviewed_at: z.nullable(timestamp),
  reject_reason: z.nullable(z.string()),
});

export const verificationInfo = defineEndpoint({
  method: 'GET',
  path: '/security/getAuthInfo',
  summary: 'The state of identity verification and what was submitted (masked)',
  auth: true,
  request: z.object({}),
  response: verificationInfoSchema,
  errors: [],
});

export const submitVerification = defineEndpoint({
  method: 'POST',
  path: '/security/primaryAuth',
  summary: 'Submit identity verification: real name, ID number and both ID images',
  auth: true,
  request: z.object({
    real_name: requiredText(100),
    id_number: requiredText(40),
    /** URLs answered by /index/upic for this user. */
    front_img: requiredText(500),
    back_img: requiredText(500),
  }),
  response: verificationInfoSchema,
  errors: [
    'real_name_invalid',
    'id_number_invalid',
    'verification_image_invalid',
    'verification_images_same',
    'verification_pending',
    'already_verified',
  ],
});
