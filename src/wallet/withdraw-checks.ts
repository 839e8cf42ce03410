// The whole withdraw form checked before it is sent, field by field in the order they are shown:
// the first problem is the one the form points at.
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

export type WithdrawProblem =
  | { field: 'address'; problem: 'required' }
  | { field: 'amount'; problem: AmountProblem }
  | { field: 'tradePassword'; problem: 'required' | 'invalid' };

/** The trade password is six digits (the rule it was set with). */
const tradePasswordPattern = /^\d{6}$/;

export function withdrawProblem(
  draft: WithdrawDraft,
  limits: WithdrawLimits,
): WithdrawProblem | null {
  if (draft.address.trim() === '') return { field: 'address', problem: 'required' };
  const amount = checkWithdrawAmount({ amount: draft.amount, ...limits });
  if (amount) return { field: 'amount', problem: amount };
  if (draft.tradePassword === '') return { field: 'tradePassword', problem: 'required' };
  if (!tradePasswordPattern.test(draft.tradePassword)) {
    return { field: 'tradePassword', problem: 'invalid' };
  }
  return null;
}
