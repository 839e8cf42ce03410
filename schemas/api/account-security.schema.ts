// The security center's overview, phone binding, anti-phishing code, whitelist mode, devices and
// sessions, and the login history (docs/security.md).
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  blankAsAbsent,
  noData,
  page,
  pagedSchema,
  pageSize,
  phone,
  timestamp,
  verificationCode,
} from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { codeSentSchema } from './account.schema.ts';
import { secondFactorFields } from './second-factor-fields.ts';

/** What protects an account, in the order the security center suggests turning them on. */
export const protectionNames = [
  'login_password',
  'email',
  'trade_password',
  'totp',
  'passkey',
  'phone',
  'anti_phishing',
  'whitelist',
] as const;
export const protectionName = z.enum(protectionNames);

export const holdReasons = [
  'password',
  'trade_password',
  'two_factor',
  'passkey',
  'recovery',
  'phone',
  'whitelist',
] as const;

export const securityOverview = defineEndpoint({
  method: 'GET',
  path: '/security/overview',
  summary:
    'The security center: which protections are on, the level they make, the next one to turn on, and any withdrawal hold',
  auth: true,
  request: z.object({}),
  response: z.object({
    protections: z.array(z.object({ name: protectionName, on: z.boolean() })),
    level: z.enum(['low', 'medium', 'high']),
    /** The first protection still off, in the order of `protectionNames`; null when all are on. */
    next: z.nullable(protectionName),
    /** Masked, as in user info. */
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    /** The code's first two characters, the rest hidden. */
    anti_phishing_code: z.nullable(z.string()),
    passkey_count: z.int(),
    withdraw_whitelist: z.boolean(),
    withdraw_hold_until: z.nullable(timestamp),
    withdraw_hold_reason: z.nullable(z.enum(holdReasons)),
    /** How long a new address waits before it can receive funds. */
    address_hold_hours: z.int(),
  }),
  errors: [],
});

export const sendPhoneCode = defineEndpoint({
  method: 'POST',
  path: '/security/phone/sendCode',
  summary: 'Sends an SMS code to a phone number the logged-in user wants to bind',
  auth: true,
  request: z.object({ phone }),
  response: codeSentSchema,
  errors: ['phone_taken', 'phone_same', 'code_too_frequent', 'code_daily_limit'],
});

export const bindPhone = defineEndpoint({
  method: 'POST',
  path: '/security/phone/bind',
  summary:
    "Binds (or changes) the phone with the SMS code sent to it and the code sent to the account's email; with an authenticator bound, its code too. Withdrawals pause for the hold",
  auth: true,
  request: z.object({
    phone,
    code: verificationCode,
    email_code: verificationCode,
    ...secondFactorFields,
  }),
  response: noData,
  errors: [
    'phone_taken',
    'phone_same',
    'code_invalid',
    'code_attempts_exceeded',
    'two_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'recovery_code_invalid',
  ],
});

export const antiPhishingCode = z.string().check(
  z.trim(),
  z.minLength(4),
  z.maxLength(20),
  // Letters and digits of any script, so it reads naturally in the user's own language.
  z.regex(/^[\p{L}\p{N}]+$/u),
);

export const setAntiPhishingCode = defineEndpoint({
  method: 'POST',
  path: '/security/antiPhishing',
  summary:
    'Sets or changes the anti-phishing code every mail from us will carry, with the code sent by /security/sendCode',
  auth: true,
  request: z.object({ anti_phishing_code: antiPhishingCode, email_code: verificationCode }),
  response: noData,
  errors: ['code_invalid', 'code_attempts_exceeded'],
});

export const setWithdrawWhitelist = defineEndpoint({
  method: 'POST',
  path: '/security/whitelist',
  summary:
    'Turns whitelist mode on (at once) or off (with the code sent by /security/sendCode and, with an authenticator bound, its code; withdrawals then pause for the hold)',
  auth: true,
  request: z.object({
    enabled: z.boolean(),
    email_code: blankAsAbsent(verificationCode),
    ...secondFactorFields,
  }),
  response: noData,
  errors: [
    'withdraw_code_required',
    'code_invalid',
    'code_attempts_exceeded',
    'two_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'recovery_code_invalid',
  ],
});

export const sessionEntrySchema = z.object({
  id: z.string(),
  /** The user agent summarised: "Chrome 131 on Android". */
  device: z.string(),
  ip: z.string(),
  created_at: timestamp,
  last_seen_at: timestamp,
  /** The session this request came with. */
  current: z.boolean(),
});

export const sessions = defineEndpoint({
  method: 'GET',
  path: '/security/sessions',
  summary: "The logged-in user's live sessions, the current one first, then by last use",
  auth: true,
  request: z.object({}),
  response: z.array(sessionEntrySchema),
  errors: [],
});

export const endSession = defineEndpoint({
  method: 'POST',
  path: '/security/sessions/revoke',
  summary: 'Ends one session at once, on every node and its open socket',
  auth: true,
  request: z.object({ id: rowId('sessions.id', 'bigint') }),
  response: noData,
  errors: ['session_not_found'],
});

export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/security/sessions/revokeOthers',
  summary: 'Ends every session but this one; answers how many ended',
  auth: true,
  request: z.object({}),
  response: z.object({ count: z.int() }),
  errors: [],
});

export const loginEventSchema = z.object({
  at: timestamp,
  ip: z.string(),
  device: z.string(),
  method: z.enum(['password', 'passkey', 'register']),
  outcome: z.enum(['ok', 'password_wrong', 'second_factor_wrong', 'locked']),
  /** The first sign-in from this device. */
  new_device: z.boolean(),
});

export const loginHistory = defineEndpoint({
  method: 'GET',
  path: '/security/logins',
  summary: 'Sign-ins and failed tries of the last 90 days, newest first',
  auth: true,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(loginEventSchema),
  errors: [],
});
