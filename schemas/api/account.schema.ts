// Registration, login, password recovery and logout (docs/product.md §6: /register/*, /login/*).
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  account,
  codeScene,
  email,
  enteredPassword,
  inviteCode,
  newPassword,
  noData,
  phone,
  repeatedPassword,
  verificationCode,
} from '../primitives.ts';
import { secondFactorFields } from './second-factor-fields.ts';

/** Adds the "two passwords must match" rule (docs/product.md §5), reported on the repeat field. */
export function requireRepeat<
  T extends z.ZodMiniObject<{ password: z.ZodMiniType; repassword: z.ZodMiniType }>,
>(schema: T) {
  return schema.check(
    z.superRefine((value, ctx) => {
      const { password, repassword } = value as { password: unknown; repassword: unknown };
      if (password !== repassword) {
        ctx.addIssue({ code: 'custom', path: ['repassword'], message: 'password_mismatch' });
      }
    }),
  );
}

export const codeSentSchema = z.object({
  /** Seconds the code stays valid. */
  expires_in: z.int(),
  /** Seconds before another code may be requested for the same destination. */
  resend_in: z.int(),
});

export const sessionSchema = z.object({
  token: z.string(),
  /** When the session ends at the latest, whatever its activity. */
  expires_at: z.string(),
  user_id: z.int(),
  account: z.string(),
});

export const sendEmailCode = defineEndpoint({
  method: 'GET',
  path: '/register/sendemail',
  summary: 'Send a 6-digit code by email, for registration or password recovery',
  auth: false,
  request: z.object({ email, scene: codeScene }),
  response: codeSentSchema,
  errors: ['account_exists', 'account_not_found', 'code_too_frequent', 'code_daily_limit'],
});

export const sendSmsCode = defineEndpoint({
  method: 'GET',
  path: '/register/sendsms',
  summary: 'Send a 6-digit code by SMS, for registration or password recovery',
  auth: false,
  request: z.object({ phone, scene: codeScene }),
  response: codeSentSchema,
  errors: ['account_exists', 'account_not_found', 'code_too_frequent', 'code_daily_limit'],
});

const registerFields = z.object({
  email: z.optional(email),
  phone: z.optional(phone),
  password: newPassword,
  repassword: repeatedPassword,
  code: verificationCode,
  invite_code: inviteCode,
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/register/index',
  summary: 'Register with an email (or phone), a password and the code sent to it',
  auth: false,
  request: requireRepeat(registerFields).check(
    z.superRefine((value, ctx) => {
      if (value.email === undefined && value.phone === undefined) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'field_required' });
      }
    }),
  ),
  response: sessionSchema,
  errors: [
    'account_exists',
    'code_invalid',
    'code_attempts_exceeded',
    'invite_code_invalid',
    'invite_code_required',
  ],
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/login/index',
  summary: 'Log in with an account (email or phone) and password; answers a bearer token',
  auth: false,
  request: z.object({
    account,
    password: enteredPassword,
    // With an authenticator bound, one of these too: without it the answer is two_factor_required.
    ...secondFactorFields,
  }),
  response: sessionSchema,
  errors: [
    'login_failed',
    'login_locked',
    'two_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'recovery_code_invalid',
  ],
});

export const forgetPassword = defineEndpoint({
  method: 'POST',
  path: '/login/forget',
  summary: 'Reset the login password with a code; ends every session of the account',
  auth: false,
  request: requireRepeat(
    z.object({
      account,
      code: verificationCode,
      password: newPassword,
      repassword: repeatedPassword,
    }),
  ),
  response: noData,
  errors: ['account_not_found', 'code_invalid', 'code_attempts_exceeded'],
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/login/logout',
  summary: 'End the current session (its token stops working at once)',
  auth: true,
  request: z.object({}),
  response: noData,
  errors: [],
});
