// Passkeys (WebAuthn): register, list and remove them; sign in and confirm a withdrawal with one
// (docs/security.md). The options and responses are WebAuthn's JSON forms, as
// @simplewebauthn/browser gives and takes them; the server checks them in full.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { noData, requiredText, timestamp, verificationCode } from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { sessionSchema } from './account.schema.ts';

/** WebAuthn's options for the browser: checked for their challenge, the rest passed as is. */
const webauthnOptions = z.looseObject({ challenge: z.string() });

/** A credential as the browser answers it; its signature is checked on the server. */
export const webauthnResponse = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(8192)) }),
});

/** A challenge the server issued, named back with the response it was signed into. */
export const challengeId = rowId('webauthn_challenges.id', 'bigint');

export const passkeyAssertion = z.object({ challenge_id: challengeId, response: webauthnResponse });

export const challengeSchema = z.object({ challenge_id: z.string(), options: webauthnOptions });

export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  created_at: timestamp,
  last_used_at: z.nullable(timestamp),
  /** Whether the authenticator syncs it (a cloud keychain), as it says of itself. */
  backed_up: z.boolean(),
});

export const passkeyRegisterOptions = defineEndpoint({
  method: 'POST',
  path: '/security/passkey/options',
  summary: 'WebAuthn options to create a passkey for the logged-in user, valid 5 minutes',
  auth: true,
  request: z.object({}),
  response: challengeSchema,
  errors: ['passkey_limit'],
});

export const passkeyRegister = defineEndpoint({
  method: 'POST',
  path: '/security/passkey/register',
  summary:
    "Saves a passkey from the browser's answer to the options. Withdrawals pause for the hold",
  auth: true,
  request: z.object({
    challenge_id: challengeId,
    response: webauthnResponse,
    name: requiredText(40),
  }),
  response: passkeySchema,
  errors: ['passkey_invalid', 'passkey_challenge_expired', 'passkey_limit', 'passkey_exists'],
});

export const passkeys = defineEndpoint({
  method: 'GET',
  path: '/security/passkeys',
  summary: "The logged-in user's passkeys, newest first",
  auth: true,
  request: z.object({}),
  response: z.array(passkeySchema),
  errors: [],
});

export const passkeyRemove = defineEndpoint({
  method: 'POST',
  path: '/security/passkey/remove',
  summary:
    'Removes a passkey, with the code sent by /security/sendCode. Withdrawals pause for the hold',
  auth: true,
  request: z.object({ id: rowId('passkeys.id', 'integer'), email_code: verificationCode }),
  response: noData,
  errors: ['passkey_not_found', 'code_invalid', 'code_attempts_exceeded'],
});

export const passkeyLoginOptions = defineEndpoint({
  method: 'POST',
  path: '/login/passkeyOptions',
  summary: 'WebAuthn options to sign in with a passkey, valid 5 minutes',
  auth: false,
  request: z.object({}),
  response: challengeSchema,
  errors: [],
});

export const passkeyLogin = defineEndpoint({
  method: 'POST',
  path: '/login/passkey',
  summary: 'Signs in with a passkey; answers a bearer token as /login/index does',
  auth: false,
  request: passkeyAssertion,
  response: sessionSchema,
  errors: ['passkey_invalid', 'passkey_challenge_expired'],
});

export const passkeyWithdrawOptions = defineEndpoint({
  method: 'POST',
  path: '/security/passkey/withdrawOptions',
  summary:
    "WebAuthn options to confirm a withdrawal with one of the user's passkeys, valid 5 minutes",
  auth: true,
  request: z.object({}),
  response: challengeSchema,
  errors: ['passkey_not_found'],
});
