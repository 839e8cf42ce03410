// The authenticator as a second factor of a sensitive step (login, unbinding, phone, whitelist,
// withdrawal): checked before the step's transaction, used up inside it (docs/security.md).
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext } from '../http/router.ts';
import { findRecoveryCode, normaliseRecoveryCode, spendRecoveryCode } from './recovery-codes.ts';
import { matchTotpStep } from './totp.ts';
import { confirmedTotpFactor, spendTotpStep, type TotpFactor } from './totp-factors.ts';
import { guardedSecondFactor } from './totp-guard.ts';

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
  return (await confirmedTotpFactor(deps.db, userId)) !== undefined;
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
  const factor = await confirmedTotpFactor(deps.db, userId);
  if (!factor) return null;
  if (fields.totp_code !== undefined) {
    return proveTotp(deps, context, userId, factor, fields.totp_code);
  }
  if (fields.recovery_code !== undefined && options.allowRecovery) {
    return proveRecovery(deps, context, userId, fields.recovery_code);
  }
  throw new BusinessError('two_factor_required');
}

async function proveTotp(
  deps: AppDeps,
  context: RouteContext,
  userId: number,
  factor: TotpFactor,
  code: string,
): Promise<SecondFactorProof> {
  const found: { step?: number } = {};
  const right = await guardedSecondFactor(deps, context, userId, async () => {
    const step = matchTotpStep(factor.secret, code, deps.clock.now());
    if (step !== null) found.step = step;
    return step !== null;
  });
  const matched = found.step;
  if (!right || matched === undefined) throw new BusinessError('totp_invalid');
  // A code of a step already spent is a right code, so its try was given back; it is still refused.
  // Checked here to answer at once, and again by the compare-and-set that decides.
  if (factor.lastStep !== null && matched <= factor.lastStep) {
    throw new BusinessError('totp_reused');
  }
  return { kind: 'totp', use: (trx) => spendTotpStep(trx, userId, matched) };
}

async function proveRecovery(
  deps: AppDeps,
  context: RouteContext,
  userId: number,
  code: string,
): Promise<SecondFactorProof> {
  const checked: { id?: number } = {};
  const right = await guardedSecondFactor(deps, context, userId, async () => {
    const id = await findRecoveryCode(deps.db, userId, normaliseRecoveryCode(code));
    if (id !== undefined) checked.id = id;
    return id !== undefined;
  });
  const found = checked.id;
  if (!right || found === undefined) throw new BusinessError('recovery_code_invalid');
  return {
    kind: 'recovery',
    async use(trx) {
      if (!(await spendRecoveryCode(trx, deps.clock, found))) {
        throw new BusinessError('recovery_code_invalid');
      }
    },
  };
}
