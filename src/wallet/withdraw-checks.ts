// The whole withdraw form checked before it is sent: every field with a problem is flagged at
// once, so the trader fixes them in one go. The codes are checked by the rules the server reads
// them by: six digits each.
import { type AmountProblem, checkWithdrawAmount } from '../ui/amount-checks.ts';

export interface WithdrawDraft {
  address: string;
  amount: string;
  tradePassword: string;
  /** Sent to the user's email for this withdrawal. */
  emailCode: string;
  /** From the authenticator app, when one is bound and no passkey confirms instead. */
  totpCode: string;
}

export interface WithdrawLimits {
  /** Null while the balance is not known. */
  available: string | null;
  fee: string;
  minimum: string;
}

export type CodeProblem = 'required' | 'invalid';

export interface WithdrawProblems {
  address?: 'required';
  amount?: AmountProblem;
  tradePassword?: CodeProblem;
  emailCode?: CodeProblem;
  totpCode?: CodeProblem;
}

/** How this try is confirmed beyond the trade password and the email code. */
export type SecondFactor = 'none' | 'totp' | 'passkey';

/** The trade password and both codes are six digits (the rule each was made with). */
const sixDigits = /^\d{6}$/;

function digitsProblem(text: string): CodeProblem | undefined {
  const typed = text.trim();
  if (typed === '') return 'required';
  return sixDigits.test(typed) ? undefined : 'invalid';
}

/** The problems of the draft, one per field that has one; empty when it can be sent. */
export function withdrawProblems(
  draft: WithdrawDraft,
  limits: WithdrawLimits,
  second: SecondFactor = 'none',
): WithdrawProblems {
  const amount = checkWithdrawAmount({ amount: draft.amount, ...limits });
  const tradePassword =
    draft.tradePassword === ''
      ? 'required'
      : sixDigits.test(draft.tradePassword)
        ? undefined
        : 'invalid';
  const emailCode = digitsProblem(draft.emailCode);
  const totpCode = second === 'totp' ? digitsProblem(draft.totpCode) : undefined;
  return {
    ...(draft.address.trim() === '' ? { address: 'required' as const } : {}),
    ...(amount ? { amount } : {}),
    ...(tradePassword ? { tradePassword } : {}),
    ...(emailCode ? { emailCode } : {}),
    ...(totpCode ? { totpCode } : {}),
  };
}
