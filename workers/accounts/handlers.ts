// The accounts domain in the worker: the session's calls, which start and end the kernel's session
// (the security center's and the invite page's are the security domain's). Intents are logged
// without their secrets: a capture never holds a password or a code.
import {
  forgetPassword,
  login,
  logout,
  register,
  sendEmailCode,
} from '../../schemas/api/account.schema.ts';
import { userInfo } from '../../schemas/api/user.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import type { LoginSecondFactor, SessionHandlers } from './types.ts';

/**
 * `two_factor_required` (schemas/errors.ts; a test holds the two equal): the worker's start file
 * carries this one code rather than the catalogue.
 */
export const twoFactorRequiredCode = 1700;

/** The password was right, and the account's authenticator must confirm the login too. */
function needsSecondFactor(outcome: Outcome<unknown>): boolean {
  return (
    !outcome.ok &&
    outcome.failure.kind === 'business' &&
    outcome.failure.code === twoFactorRequiredCode
  );
}

/** A refusal of the second step that names no field is about the code that was sent. */
function aboutSecondFactor<T>(outcome: Outcome<T>, second: LoginSecondFactor): Outcome<T> {
  if (outcome.ok || outcome.failure.kind !== 'business' || outcome.failure.field) return outcome;
  const field = 'totp_code' in second ? 'totp_code' : 'recovery_code';
  return { ok: false, failure: { ...outcome.failure, field } };
}

export function createSessionHandlers(context: DomainContext): SessionHandlers {
  const { call, record } = context;
  return {
    sendEmailCode(email, scene) {
      record({ source: 'intent', type: 'send-code', payload: { scene } });
      return call(sendEmailCode, { email, scene });
    },
    async register(form) {
      record({ source: 'intent', type: 'register', payload: null });
      const outcome = await call(register, form);
      if (outcome.ok) context.signedIn(outcome.data);
      return outcome;
    },
    async login(account, password, second) {
      record({ source: 'intent', type: 'login-requested', payload: null });
      // The page says every refusal itself: a request for the second factor is its next step,
      // not an error, and a refusal of the code belongs under the code's field.
      const outcome = await call(
        login,
        { account, password, ...second },
        {},
        { toastRefusal: false },
      );
      if (outcome.ok) context.signedIn(outcome.data);
      if (needsSecondFactor(outcome)) return { ...outcome, secondFactor: true };
      return second ? aboutSecondFactor(outcome, second) : outcome;
    },
    forget(form) {
      record({ source: 'intent', type: 'forget', payload: null });
      return call(forgetPassword, form);
    },
    async logout() {
      const outcome = context.loggedIn()
        ? await call(logout, {})
        : ({ ok: true, data: null } as const);
      record({ source: 'intent', type: 'logout', payload: null });
      context.signedOut();
      return outcome;
    },
    async userInfo() {
      const outcome = await call(userInfo, {});
      if (outcome.ok) record({ source: 'api', type: 'user', payload: outcome.data });
      return outcome;
    },
  };
}

export const accountsDomain = defineDomain({ handlers: createSessionHandlers });
