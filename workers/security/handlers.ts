// The security domain in the worker: the security center's and the invite page's calls, loaded
// with their pages (the center's own calls in center-handlers.ts). Only the proof the user chose goes out, and intents are logged without their
// secrets.
import {
  changePassword,
  inviteInfo,
  sendSecurityCode,
  setTradePassword,
} from '../../schemas/api/security.schema.ts';
import { defineDomain } from '../kernel/context.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { createApiKeyHandlers } from './api-key-handlers.ts';
import { type CenterContext, createSecurityCenterHandlers } from './center-handlers.ts';
import { levelCommissions } from './invite-figures.ts';
import type { SecretChange, SecurityHandlers } from './types.ts';

/** Only the proof the user chose goes out: the server takes a code before an old password. */
function body(change: SecretChange) {
  const proof = 'code' in change ? { code: change.code } : { old_password: change.old_password };
  return { ...proof, password: change.password, repassword: change.repassword };
}

const proofOf = (change: SecretChange) => ({ proof: 'code' in change ? 'code' : 'old' }) as const;

export function createSecurityHandlers(context: CenterContext): SecurityHandlers {
  const { call, record } = context;
  return {
    ...createSecurityCenterHandlers(context),
    ...createApiKeyHandlers(context),
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
      return mapOutcome(outcome, ({ invite_code, link, counts, log, rates, earned }) => ({
        code: invite_code,
        link,
        counts,
        commissions: levelCommissions(rates, earned, locale),
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

export const securityDomain = defineDomain({ handlers: createSecurityHandlers });
