// What confirms a withdrawal beyond the session, as large exchanges ask it (docs/security.md): the
// trade password, a code sent to the account's email (or phone) for this purpose, and the
// authenticator's code or a passkey when one is bound. Whoever holds a stolen session, or even the
// login password, still lacks the mailbox and the device.
//
// Checked before the withdrawal's transaction, in an order that spends nothing on a request that
// cannot pass: the trade password (its own guard), then whether the code and the factor are there
// at all, then the code, then the factor. Each is used up inside the transaction that freezes the
// funds (`use`), so of two requests racing with one code only one commits, and a refused
// withdrawal (too little money, say) leaves the code alive for the next try.
import type { Transaction } from 'kysely';
import { consumeCode } from '../accounts/codes.ts';
import { assertTradePassword } from '../accounts/password-checks.ts';
import type { UserRow } from '../accounts/users.ts';
import type { SecondFactor } from '../db/security-tables.ts';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import {
  chooseWithdrawalFactor,
  proveWithdrawalFactor,
  type WithdrawalFactorFields,
} from './withdrawal-factor.ts';

export interface WithdrawalProofFields extends WithdrawalFactorFields {
  trade_password: string;
  /** The code /security/sendCode sent with purpose `withdraw`. */
  email_code?: string | undefined;
}

export interface WithdrawalConfirmation {
  /** What confirmed it beside the trade password and the code: null when no factor is bound. */
  secondFactor: SecondFactor | null;
  /** Uses the code and the factor up, in the transaction that makes the withdrawal. */
  use(trx: Transaction<Database>): Promise<void>;
}

/** Checks everything that confirms a withdrawal, or refuses with the first thing wrong. */
export async function confirmWithdrawal(
  deps: AppDeps,
  context: RouteContext,
  user: UserRow,
  fields: WithdrawalProofFields,
): Promise<WithdrawalConfirmation> {
  // Guesses are counted before the check and limited per user and address (docs/security.md).
  await assertTradePassword(deps, context, user.id, fields.trade_password);
  const code = fields.email_code;
  if (code === undefined) throw new BusinessError('withdraw_code_required');
  const choice = await chooseWithdrawalFactor(deps, user.id, fields);
  const codeId = await checkEmailCode(deps, user, code, 'withdraw');
  const factor = choice && (await proveWithdrawalFactor(deps, context, user.id, choice, fields));
  return {
    secondFactor: factor?.kind ?? null,
    async use(trx) {
      await consumeCode(trx, deps.clock, codeId);
      await factor?.use(trx);
    },
  };
}
