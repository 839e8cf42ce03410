// The rules of the login, register and forgot-password forms (spec §5), checked with the same
// field schemas the server uses, so the client never accepts what the server would refuse.
import { email, newPassword, verificationCode } from '../schemas/primitives.ts';

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

/** The first problem of a form, in the order the fields are shown, or null when it can be sent. */
export function checkAuthForm(mode: AuthMode, form: AuthForm): FormProblem | null {
  for (const field of fieldsOf[mode]) {
    if (form[field].trim() === '') return { field, rule: 'required' };
  }
  if (mode === 'register' && !email.safeParse(form.email).success) {
    return { field: 'email', rule: 'invalid' };
  }
  if (mode !== 'login') {
    if (!verificationCode.safeParse(form.code).success) return { field: 'code', rule: 'invalid' };
    if (!newPassword.safeParse(form.password).success) return { field: 'password', rule: 'weak' };
    if (form.password !== form.repassword) return { field: 'repassword', rule: 'mismatch' };
  }
  return null;
}

/** Where a code goes: the email typed for registration, the account for recovery. */
export function codeDestination(mode: AuthMode, form: AuthForm): string {
  return mode === 'register' ? form.email.trim() : form.account.trim();
}
