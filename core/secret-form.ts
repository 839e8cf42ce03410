// The rules of the password page (docs/product.md §5): changing the login password, or setting or
// changing the trade password, checked with the same field rules the server's schemas are built on.
import {
  isEnteredPassword,
  isStrongPassword,
  isVerificationCode,
  tradePasswordRefusal,
} from '../schemas/field-rules.ts';

export type SecretKind = 'login' | 'trade';
/** How the user proves it is them: the current secret, or an emailed code. */
export type ProofKind = 'old' | 'code';

export interface SecretForm {
  old: string;
  code: string;
  password: string;
  repassword: string;
}

export const emptySecretForm: SecretForm = { old: '', code: '', password: '', repassword: '' };

export type SecretProblem =
  | { field: keyof SecretForm; rule: 'required' | 'invalid' }
  | { field: 'password'; rule: 'weak' | 'tradeWeak' | 'tradeObvious' }
  | { field: 'repassword'; rule: 'mismatch' };

/**
 * A trade password that was never set can only be set with a code: there is no old one to
 * prove with. The login password always exists.
 */
export function proofsFor(kind: SecretKind, tradePasswordSet: boolean): readonly ProofKind[] {
  return kind === 'trade' && !tradePasswordSet ? ['code'] : ['old', 'code'];
}

/** The first problem, in the order the fields are shown, or null when the form can be sent. */
export function checkSecretForm(
  kind: SecretKind,
  proof: ProofKind,
  form: SecretForm,
): SecretProblem | null {
  const proofField = proof === 'old' ? 'old' : 'code';
  for (const field of [proofField, 'password', 'repassword'] as const) {
    if (form[field].trim() === '') return { field, rule: 'required' };
  }
  if (proof === 'code' && !isVerificationCode(form.code)) return { field: 'code', rule: 'invalid' };
  if (proof === 'old' && !isEnteredPassword(form.old)) return { field: 'old', rule: 'invalid' };
  const strength = passwordStrength(kind, form.password);
  if (strength) return { field: 'password', rule: strength };
  if (form.password !== form.repassword) return { field: 'repassword', rule: 'mismatch' };
  return null;
}

/** What the server would say of a new secret's strength, or null when it would take it. */
function passwordStrength(kind: SecretKind, password: string) {
  if (kind === 'login') return isStrongPassword(password) ? null : 'weak';
  // Six digits, and not a run, a repeat or a date (schemas/trade-password.ts).
  const refusal = tradePasswordRefusal(password);
  return refusal === 'weak' ? 'tradeWeak' : refusal === 'obvious' ? 'tradeObvious' : null;
}
