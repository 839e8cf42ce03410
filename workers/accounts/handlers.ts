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
import type { SessionHandlers } from './types.ts';

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
    async login(account, password) {
      record({ source: 'intent', type: 'login-requested', payload: null });
      const outcome = await call(login, { account, password });
      if (outcome.ok) context.signedIn(outcome.data);
      return outcome;
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
