// The whole withdraw form checked before it is sent: every field with a problem is flagged at
// once, so the trader fixes them in one go.
import { type AmountProblem, checkWithdrawAmount } from '../ui/amount-checks.ts';

export interface WithdrawDraft {
  address: string;
  amount: string;
  tradePassword: string;
}

export interface WithdrawLimits {
  /** Null while the balance is not known. */
  available: string | null;
  fee: string;
  minimum: string;
}

export interface WithdrawProblems {
  address?: 'required';
  amount?: AmountProblem;
  tradePassword?: 'required' | 'invalid';
}

/** The trade password is six digits (the rule it was set with). */
const tradePasswordPattern = /^\d{6}$/;

/** The problems of the draft, one per field that has one; empty when it can be sent. */
export function withdrawProblems(draft: WithdrawDraft, limits: WithdrawLimits): WithdrawProblems {
  const amount = checkWithdrawAmount({ amount: draft.amount, ...limits });
  const tradePassword =
    draft.tradePassword === ''
      ? 'required'
      : tradePasswordPattern.test(draft.tradePassword)
        ? undefined
        : 'invalid';
  return {
    ...(draft.address.trim() === '' ? { address: 'required' as const } : {}),
    ...(amount ? { amount } : {}),
    ...(tradePassword ? { tradePassword } : {}),
  };
}
