// Settings of accounts (docs/operations.md § Settings): whether signing up needs an invitation,
// and how long a session lives idle and at most.
import type { z } from 'zod';
import { flag, positiveInt } from '../settings-fields.ts';

/** The variables, spread into the settings schema of config.ts. */
export const accountEnvShape = {
  INVITE_REQUIRED: flag.default(false),
  SESSION_IDLE_MINUTES: positiveInt.default(7 * 24 * 60),
  SESSION_MAX_DAYS: positiveInt.default(30),
};

export interface AccountSettings {
  inviteRequired: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

type AccountEnv = z.output<z.ZodObject<typeof accountEnvShape>>;

export function accountSettingsOf(env: AccountEnv): AccountSettings {
  return {
    inviteRequired: env.INVITE_REQUIRED,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: env.SESSION_MAX_DAYS * 86_400_000,
  };
}
