// API keys for trading by program (docs/api-binance.md § "API keys"): made in the security center
// with the email code (and the authenticator's, where one is bound), listed, deleted. The secret is
// answered once, by the call that makes the key.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { noData, preprocess, requiredText, timestamp, verificationCode } from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { secondFactorFields } from './second-factor-fields.ts';

/**
 * A key's scope: `read`, or the one a trading product declares for its calls through the door
 * (server/module.ts `keyScope`); the server answers which it offers and refuses any other.
 */
export const apiKeyScope = z.string().check(z.regex(/^[a-z]{1,16}$/, { error: 'field_invalid' }));
/** The scope every key may hold: the account's reads, no trading. */
export const readScope = 'read';
/** The most scopes one key holds. */
export const apiKeyScopesMax = 8;

/** The most entries an IP allowlist holds. */
export const ipAllowlistMax = 30;

/** A list sent as an array (JSON) or as one comma-separated form value. */
const listOf = <T extends z.ZodMiniType>(schema: T) =>
  preprocess(
    (value: unknown) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    schema,
  );

/** An address or a CIDR block; what counts as one is the server's (server/security/ip-blocks.ts). */
export const ipAllowlistEntry = z
  .string()
  .check(z.trim(), z.maxLength(60, { error: 'ip_allowlist_invalid' }));

export const apiKeySchema = z.object({
  id: z.int(),
  label: z.string(),
  /** Shown in full, as Binance shows it; the secret never is, after the creating call. */
  api_key: z.string(),
  scopes: z.array(apiKeyScope),
  /** Empty: the key may be used from any address. */
  ip_allowlist: z.array(z.string()),
  created_at: timestamp,
});

// Declared in the order of their names, which is the order a module namespace lists them in.
export const apiKeyScopes = defineEndpoint({
  method: 'GET',
  path: '/security/api-key-scopes',
  summary:
    'The scopes a new API key may hold: `read`, and each trading product’s own (docs/api-binance.md)',
  auth: true,
  request: z.object({}),
  response: z.object({ list: z.array(apiKeyScope) }),
  errors: [],
});

export const apiKeys = defineEndpoint({
  method: 'GET',
  path: '/security/api-keys',
  summary: "The logged-in user's API keys, newest first, without their secrets",
  auth: true,
  request: z.object({}),
  response: z.array(apiKeySchema),
  errors: [],
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/security/api-keys',
  summary:
    'Creates an API key, with the code sent by /security/sendCode and, with an authenticator bound, its code; answers the key and its secret, the secret this once. At most 30 keys per user',
  auth: true,
  request: z.object({
    label: requiredText(64),
    /** `read`, or the scopes the trading products offer (docs/api-binance.md): at least one. */
    scopes: listOf(
      z
        .array(apiKeyScope)
        .check(z.minLength(1, { error: 'field_required' }), z.maxLength(apiKeyScopesMax)),
    ),
    /** Addresses or CIDR blocks the key may be used from, at most 30; none: any address. */
    ip_allowlist: z._default(
      listOf(z.array(ipAllowlistEntry).check(z.maxLength(ipAllowlistMax))),
      [],
    ),
    code: verificationCode,
    totp_code: secondFactorFields.totp_code,
  }),
  response: z.extend(apiKeySchema, { secret: z.string() }),
  errors: [
    'code_invalid',
    'code_attempts_exceeded',
    'two_factor_required',
    'totp_invalid',
    'totp_reused',
    'totp_locked',
    'api_key_limit',
    'ip_allowlist_invalid',
  ],
});

export const deleteApiKey = defineEndpoint({
  method: 'POST',
  path: '/security/api-keys/delete',
  summary: 'Deletes one of your API keys: the next call signed with it is refused',
  auth: true,
  request: z.object({ id: rowId('api_keys.id', 'bigint') }),
  response: noData,
  errors: ['api_key_not_found'],
});
