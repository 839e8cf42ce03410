// The authenticator app (TOTP, RFC 6238) and its recovery codes (docs/security.md).
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { noData, verificationCode } from '../primitives.ts';
import { secondFactorFields, totpCode } from './second-factor-fields.ts';

export const totpSetup = defineEndpoint({
  method: 'POST',
  path: '/security/totp/setup',
  summary:
    'Starts binding an authenticator app: a new secret and its otpauth:// URI for the QR code, valid 10 minutes',
  auth: true,
  request: z.object({}),
  response: z.object({
    /** Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** `otpauth://totp/…`: what the QR code holds. */
    uri: z.string(),
    expires_in: z.int(),
  }),
  errors: ['totp_already_bound'],
});

export const totpBind = defineEndpoint({
  method: 'POST',
  path: '/security/totp/bind',
  summary:
    'Confirms the binding with one code from the app; answers ten single-use recovery codes, shown this once. Withdrawals pause for the hold',
  auth: true,
  request: z.object({ totp_code: totpCode }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
  errors: ['totp_already_bound', 'totp_setup_expired', 'totp_invalid', 'totp_locked'],
});

export const totpUnbind = defineEndpoint({
  method: 'POST',
  path: '/security/totp/unbind',
  summary:
    'Removes the authenticator: needs a current code or a recovery code, and the code sent by /security/sendCode. Withdrawals pause for the hold',
  auth: true,
  request: z.object({ ...secondFactorFields, email_code: verificationCode }),
  response: noData,
  errors: [
    'totp_not_bound',
    'two_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'recovery_code_invalid',
    'code_invalid',
    'code_attempts_exceeded',
  ],
});
