// Settings of account security (docs/security.md): the passkeys' relying party, and how long
// withdrawals wait after a new address or a change to the account's security.
import { z } from 'zod';

const hours = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 30);

/** The variables, spread into the settings schema of config.ts. */
export const securityEnvShape = {
  /** The passkeys' relying party id: the site's registrable domain (`example.com`). */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/, 'must be a domain name such as example.com')
    .default('localhost'),
  /**
   * The origins passkeys may be used from, comma-separated (`https://app.example.com`). Unset with
   * the relying party `localhost`: any `http://localhost:<port>`, for development and tests.
   */
  WEBAUTHN_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,]+(,https?:\/\/[^\s,]+)*$/, 'must be http(s) origins, comma-separated')
    .optional(),
  /** How long a newly added withdrawal address waits before it can receive funds. */
  WITHDRAW_ADDRESS_HOLD_HOURS: hours.default(24),
  /** How long withdrawals wait after a password, 2FA or phone change, or a recovery. */
  WITHDRAW_SECURITY_HOLD_HOURS: hours.default(24),
};

export interface SecuritySettings {
  rpId: string;
  /** Null: any `http://localhost:<port>` (only with the relying party `localhost`). */
  origins: readonly string[] | null;
  addressHoldMs: number;
  securityHoldMs: number;
}

type SecurityEnv = z.output<z.ZodObject<typeof securityEnvShape>>;

export function securitySettingsOf(env: SecurityEnv): SecuritySettings {
  return {
    rpId: env.WEBAUTHN_RP_ID,
    origins: env.WEBAUTHN_ORIGINS?.split(',') ?? null,
    addressHoldMs: env.WITHDRAW_ADDRESS_HOLD_HOURS * 3_600_000,
    securityHoldMs: env.WITHDRAW_SECURITY_HOLD_HOURS * 3_600_000,
  };
}

/** Why the settings cannot be used together, if they cannot. */
export function securitySettingsProblem(settings: SecuritySettings): string | undefined {
  if (settings.origins === null && settings.rpId !== 'localhost') {
    return 'WEBAUTHN_ORIGINS must be set when WEBAUTHN_RP_ID is not localhost';
  }
  return undefined;
}
