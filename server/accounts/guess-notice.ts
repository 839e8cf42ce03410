// Tells an account's owner that guesses at one of their secrets tripped the account-wide limit. It
// is one of the security notices (server/security/notices.ts), so it is written in the account's
// language, not the guesser's, and carries the account's anti-phishing code.
import type { Notice, NoticeDeps } from '../security/notices.ts';
import { notify } from '../security/notices.ts';
import type { GuardPolicy } from './login-guard.ts';
import type { Window } from './rate-windows.ts';

const kinds = {
  login: 'login_guesses_blocked',
  trade: 'trade_guesses_blocked',
  totp: 'totp_guesses_blocked',
} as const satisfies Record<GuardPolicy['scope'], Notice['kind']>;

/** The notice of a tripped limit: how many wrong tries, within how long, blocked until when. */
export function guessNotice(policy: GuardPolicy, until: Date): Notice {
  const { max, windowMs } = policy.perAccount;
  return { kind: kinds[policy.scope], refused: max, minutes: windowMs / 60_000, until };
}

/**
 * Tells the owner as every security notice does: by mail, and by SMS too where a phone is bound
 * (it used to be the email, else the phone). Never throws: a failed send is logged to `deps.log`.
 */
export function tellOwner(
  deps: NoticeDeps,
  owner: { id: number },
  policy: GuardPolicy,
  window: Window,
): Promise<void> {
  const until = new Date(deps.clock.now().getTime() + window.resetInMs);
  return notify(deps, owner.id, guessNotice(policy, until));
}
