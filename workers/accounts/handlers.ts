// The accounts domain in the worker: session calls that start and end the kernel's session, and
// the security center's and invite page's calls. Intents are logged without their secrets: a
// capture never holds a password or a code.
import {
  forgetPassword,
  login,
  logout,
  register,
  sendEmailCode,
} from '../../schemas/api/account.schema.ts';
import {
  changePassword,
  inviteInfo,
  sendSecurityCode,
  setTradePassword,
  userInfo,
} from '../../schemas/api/security.schema.ts';
import { combine } from '../kernel/combine.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { SecretChange, SecurityHandlers, SessionHandlers } from './types.ts';

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

/** Only the proof the user chose goes out: the server takes a code before an old password. */
function body(change: SecretChange) {
  const proof = 'code' in change ? { code: change.code } : { old_password: change.old_password };
  return { ...proof, password: change.password, repassword: change.repassword };
}

const proofOf = (change: SecretChange) => ({ proof: 'code' in change ? 'code' : 'old' }) as const;

export function createSecurityHandlers(
  context: Pick<DomainContext, 'call' | 'record' | 'locale'>,
): SecurityHandlers {
  const { call, record } = context;
  return {
    async sendSecurityCode(to) {
      record({ source: 'intent', type: 'security-code-requested', payload: { to } });
      const outcome = await call(sendSecurityCode, { type: to });
      return mapOutcome(outcome, ({ resend_in }) => ({ resend_in }));
    },
    changeLoginPassword(change) {
      record({ source: 'intent', type: 'password-change', payload: proofOf(change) });
      return call(changePassword, body(change));
    },
    setTradePassword(change) {
      record({ source: 'intent', type: 'trade-password-change', payload: proofOf(change) });
      return call(setTradePassword, body(change));
    },
    async inviteInfo() {
      record({ source: 'intent', type: 'invite-requested', payload: null });
      const outcome = await call(inviteInfo, {});
      if (outcome.ok) record({ source: 'api', type: 'invite', payload: outcome.data });
      const locale = context.locale();
      return mapOutcome(outcome, ({ invite_code, link, counts, log }) => ({
        code: invite_code,
        link,
        counts,
        rows: log.map((entry, index) => ({
          key: `${entry.registered_at}:${index}`,
          level: entry.level,
          account: entry.account,
          time: formatTimestamp(entry.registered_at, locale, 'dated'),
        })),
      }));
    },
  };
}

export const accountsDomain = defineDomain({
  handlers: (context) => combine(createSessionHandlers(context), createSecurityHandlers(context)),
});
