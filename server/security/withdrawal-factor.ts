// The second factor of a withdrawal: with an authenticator or a passkey bound, one of them must
// confirm it (a recovery code never does: it is for getting back in, not for moving money out).
import type { Transaction } from 'kysely';
import type { SecondFactor } from '../db/security-tables.ts';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext } from '../http/router.ts';
import {
  hasPasskey,
  type PasskeyAssertionInput,
  verifyPasskeyAssertion,
} from './passkey-assertion.ts';
import { hasAuthenticator, proveSecondFactor } from './second-factor.ts';

export interface WithdrawalFactorFields {
  totp_code?: string | undefined;
  passkey?: PasskeyAssertionInput | undefined;
}

/** A factor given and of a kind the user has bound; checked later by `proveWithdrawalFactor`. */
export interface WithdrawalFactorChoice {
  kind: SecondFactor;
}

/** A checked factor; `use` spends its step or challenge in the withdrawal's transaction. */
export interface WithdrawalFactorProof {
  kind: SecondFactor;
  use(trx: Transaction<Database>): Promise<void>;
}

/**
 * Which factor will confirm the withdrawal: none when the user has bound none, else the one given
 * (a passkey before a code, when both are), refusing `withdraw_second_factor_required` when no
 * factor the user has was given. Reads only what is bound, so it can run before any secret is
 * checked and no try of a code is spent on a request that lacks its factor.
 */
export async function chooseWithdrawalFactor(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  fields: WithdrawalFactorFields,
): Promise<WithdrawalFactorChoice | null> {
  const authenticator = await hasAuthenticator(deps, userId);
  const passkey = await hasPasskey(deps, userId);
  if (!authenticator && !passkey) return null;
  if (passkey && fields.passkey !== undefined) return { kind: 'passkey' };
  if (authenticator && fields.totp_code !== undefined) return { kind: 'totp' };
  throw new BusinessError('withdraw_second_factor_required');
}

/** Checks the chosen factor (each counted before its check by its own guard). */
export async function proveWithdrawalFactor(
  deps: AppDeps,
  context: RouteContext,
  userId: number,
  choice: WithdrawalFactorChoice,
  fields: WithdrawalFactorFields,
): Promise<WithdrawalFactorProof> {
  if (choice.kind === 'passkey' && fields.passkey !== undefined) {
    const proof = await verifyPasskeyAssertion(deps, 'withdraw', fields.passkey, userId);
    return { kind: 'passkey', use: (trx) => proof.use(trx) };
  }
  const proof = await proveSecondFactor(
    deps,
    context,
    userId,
    { totp_code: fields.totp_code },
    { allowRecovery: false },
  );
  // Chosen because an authenticator is bound; one removed since is no factor at all.
  if (proof === null) throw new BusinessError('withdraw_second_factor_required');
  return { kind: 'totp', use: (trx) => proof.use(trx) };
}
