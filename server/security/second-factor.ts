// The authenticator as a second factor of a sensitive step (login, unbinding, phone, whitelist,
// withdrawal): checked before the step's transaction, used up inside it (docs/security.md).
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';
import type { RouteContext } from '../http/router.ts';

export interface SecondFactorFields {
  totp_code?: string | undefined;
  /** Dashes removed and lower-cased by the schema. */
  recovery_code?: string | undefined;
}

/** A factor checked right; `use` spends it in the step's transaction (a racing copy fails there). */
export interface SecondFactorProof {
  kind: 'totp' | 'recovery';
  use(trx: Transaction<Database>): Promise<void>;
}

/** Whether the user has a confirmed authenticator. */
export async function hasAuthenticator(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
): Promise<boolean> {
  void [deps, userId];
  throw new Error('PLACEHOLDER: being built');
}

/**
 * Null when the user has no authenticator. Otherwise checks the code given (counted before the
 * check, like the trade password) and answers the proof, or refuses: `two_factor_required` when
 * neither field is given, `totp_invalid`, `totp_reused`, `totp_locked`, `recovery_code_invalid`.
 * A recovery code is taken only where `allowRecovery` says so.
 */
export async function proveSecondFactor(
  deps: AppDeps,
  context: RouteContext,
  userId: number,
  fields: SecondFactorFields,
  options: { allowRecovery: boolean },
): Promise<SecondFactorProof | null> {
  void [deps, context, userId, fields, options];
  throw new Error('PLACEHOLDER: being built');
}
