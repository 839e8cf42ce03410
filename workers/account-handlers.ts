// The security center's and the invite page's calls in the worker: intents are logged without
// their secrets, and invite times reach the UI formatted for the locale.
import type { NewEvent } from '../core/event-log.ts';
import {
  changePassword,
  inviteInfo,
  sendSecurityCode,
  setTradePassword,
} from '../schemas/api/security.schema.ts';
import type { AccountHandlers, SecretChange } from './account-types.ts';
import { formatTimestamp } from './time-format.ts';
import type { CallApi } from './wallet-handlers.ts';

export interface AccountDeps {
  call: CallApi;
  record(event: NewEvent): void;
  locale(): string;
}

/** Only the proof the user chose goes out: the server takes a code before an old password. */
function body(change: SecretChange) {
  const proof = 'code' in change ? { code: change.code } : { old_password: change.old_password };
  return { ...proof, password: change.password, repassword: change.repassword };
}

export class AccountCalls implements AccountHandlers {
  readonly #deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.#deps = deps;
  }

  async sendSecurityCode(to: 'email' | 'phone') {
    this.#intent('send-code', { to });
    const outcome = await this.#deps.call(sendSecurityCode, { type: to });
    return outcome.ok
      ? { ok: true as const, data: { resend_in: outcome.data.resend_in } }
      : outcome;
  }

  changeLoginPassword(change: SecretChange) {
    this.#intent('password', { proof: 'code' in change ? 'code' : 'old' });
    return this.#deps.call(changePassword, body(change));
  }

  setTradePassword(change: SecretChange) {
    this.#intent('trade-password', { proof: 'code' in change ? 'code' : 'old' });
    return this.#deps.call(setTradePassword, body(change));
  }

  async inviteInfo() {
    this.#intent('invite', null);
    const outcome = await this.#deps.call(inviteInfo, {});
    if (!outcome.ok) return outcome;
    const locale = this.#deps.locale();
    const { invite_code, link, counts, log } = outcome.data;
    return {
      ok: true as const,
      data: {
        code: invite_code,
        link,
        counts,
        rows: log.map((entry, index) => ({
          key: `${entry.registered_at}:${index}`,
          level: entry.level,
          account: entry.account,
          time: formatTimestamp(entry.registered_at, locale, 'dated'),
        })),
      },
    };
  }

  #intent(name: string, payload: unknown): void {
    this.#deps.record({ source: 'intent', type: `account-${name}`, payload });
  }
}
