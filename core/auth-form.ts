// The rules of the login, register and forgot-password forms (docs/product.md §5), checked with the
// same field rules the server's schemas are built on, so the client never accepts what the server
// would refuse.
import { isEmailAddress, isStrongPassword, isVerificationCode } from '../schemas/field-rules.ts';

export type AuthMode = 'login' | 'register' | 'forgot';

export interface AuthForm {
  account: string;
  email: string;
  password: string;
  repassword: string;
  code: string;
  inviteCode: string;
}

export const emptyAuthForm: AuthForm = {
  account: '',
  email: '',
  password: '',
  repassword: '',
  code: '',
  inviteCode: '',
};

export type FormProblem =
  | { field: keyof AuthForm; rule: 'required' | 'invalid' }
  | { field: 'password'; rule: 'weak' }
  | { field: 'repassword'; rule: 'mismatch' };

const fieldsOf: Record<AuthMode, (keyof AuthForm)[]> = {
  login: ['account', 'password'],
  register: ['email', 'code', 'password', 'repassword'],
  forgot: ['account', 'code', 'password', 'repassword'],
};

/**
 * Every problem of a form, one per field that has one, in the order the fields are shown; empty
 * when it can be sent. All are flagged at once, so one submit shows everything to fix.
 */
export function checkAuthForm(mode: AuthMode, form: AuthForm): FormProblem[] {
  return fieldsOf[mode].flatMap((field) => {
    const problem = fieldProblem(mode, form, field);
    return problem ? [problem] : [];
  });
}

function fieldProblem(mode: AuthMode, form: AuthForm, field: keyof AuthForm): FormProblem | null {
  if (form[field].trim() === '') return { field, rule: 'required' };
  if (field === 'email' && !isEmailAddress(form.email)) return { field, rule: 'invalid' };
  if (mode === 'login') return null;
  if (field === 'code' && !isVerificationCode(form.code)) return { field, rule: 'invalid' };
  if (field === 'password' && !isStrongPassword(form.password)) return { field, rule: 'weak' };
  if (field === 'repassword' && form.password !== form.repassword)
    return { field, rule: 'mismatch' };
  return null;
}

/** Where a code goes: the email typed for registration, the account for recovery. */
export function codeDestination(mode: AuthMode, form: AuthForm): string {
  return mode === 'register' ? form.email.trim() : form.account.trim();
}
