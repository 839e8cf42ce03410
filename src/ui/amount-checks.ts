// The amount checks of the withdraw and transfer forms, mirroring the server's: a positive decimal
// of at most 8 places, compared exactly as atoms (never floats). They spare the user a round trip;
// the server's answer is still the truth.
import { displayAmount, parseAmount } from '../../core/money.ts';

export type AmountProblem = 'required' | 'invalid' | 'belowMinimum' | 'insufficient';

/** Atoms of an exact decimal from the worker; 0 for anything else, so a bad value allows nothing. */
const atomsOf = (value: string) => parseAmount(value) ?? 0n;

/** A typed amount: missing, not a positive decimal of ≤ 8 places, or fine (its atoms). */
function typedAtoms(text: string): AmountProblem | bigint {
  if (text.trim() === '') return 'required';
  const atoms = parseAmount(text);
  return atoms === null || atoms === 0n ? 'invalid' : atoms;
}

/** The most that can be withdrawn: the fee is charged on top, so available − fee, never below 0. */
export function maxWithdrawable(available: string, fee: string): string {
  const left = atomsOf(available) - atomsOf(fee);
  return displayAmount(left > 0n ? left : 0n);
}

/** What leaves the balance for a withdrawal of `amount`: the amount plus the fee. */
export function withdrawalCost(amount: string, fee: string): string | null {
  const atoms = parseAmount(amount);
  return atoms === null ? null : displayAmount(atoms + atomsOf(fee));
}

/** `available` is null while the balance is not known: the server alone judges it then. */
export function checkWithdrawAmount(input: {
  amount: string;
  available: string | null;
  fee: string;
  minimum: string;
}): AmountProblem | null {
  const atoms = typedAtoms(input.amount);
  if (typeof atoms === 'string') return atoms;
  if (atoms < atomsOf(input.minimum)) return 'belowMinimum';
  if (input.available === null) return null;
  if (atoms + atomsOf(input.fee) > atomsOf(input.available)) return 'insufficient';
  return null;
}

/** A transfer moves a typed amount or `all` of what is available (null: not known yet). */
export function checkTransferAmount(
  amount: string,
  available: string | null,
): AmountProblem | null {
  if (amount === 'all')
    return available === null || atomsOf(available) > 0n ? null : 'insufficient';
  const atoms = typedAtoms(amount);
  if (typeof atoms === 'string') return atoms;
  return available !== null && atoms > atomsOf(available) ? 'insufficient' : null;
}
