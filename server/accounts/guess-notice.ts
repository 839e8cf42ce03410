// Tells an account's owner that guesses at one of their passwords tripped the account-wide limit.
// Written in English: the guesses' requests carry the guesser's language, and the owner's is not kept.
import type { AppDeps } from '../deps.ts';
import type { OutgoingMessage } from '../mail/mailer.ts';
import type { GuardPolicy } from './login-guard.ts';
import type { Window } from './rate-windows.ts';
import type { UserRow } from './users.ts';

type Owner = Pick<UserRow, 'account' | 'email' | 'phone'>;

function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function guessNotice(
  brand: string,
  owner: Owner,
  policy: GuardPolicy,
  until: Date,
): Omit<OutgoingMessage, 'to'> {
  const { max, windowMs } = policy.perAccount;
  const within = `${windowMs / 60_000} minutes`;
  if (policy.scope === 'login') {
    return {
      subject: `${brand}: wrong passwords entered for your account`,
      text:
        `${brand} refused ${max} wrong login passwords for your account ${owner.account} within ` +
        `${within}. Until ${utcMinute(until)}, logins are blocked except from networks you have ` +
        'logged in from before; devices that are logged in stay logged in. Your password was not ' +
        'given away. If this was not you, nothing is needed, though a strong password used nowhere ' +
        'else is best. To get in from elsewhere before then, reset your password with "Forgot ' +
        'password": that also lifts the block.',
    };
  }
  return {
    subject: `${brand}: wrong trade passwords entered for your account`,
    text:
      `${brand} refused ${max} wrong trade passwords for your account ${owner.account} within ` +
      `${within}, so withdrawals are blocked until ${utcMinute(until)}. A trade password can ` +
      'only be entered by someone logged in to your account. If this was not you, change your ' +
      'login password now, which logs out every other device, and set a new trade password with ' +
      'a code sent to you: that also lifts the block.',
  };
}

/** Sends the notice to the owner's email, or by SMS to an account with a phone only. */
export async function tellOwner(
  deps: Pick<AppDeps, 'clock' | 'config' | 'email' | 'sms'>,
  owner: Owner,
  policy: GuardPolicy,
  window: Window,
): Promise<void> {
  const until = new Date(deps.clock.now().getTime() + window.resetInMs);
  const notice = guessNotice(deps.config.brandName, owner, policy, until);
  if (owner.email !== null) await deps.email.send({ to: owner.email, ...notice });
  else if (owner.phone !== null) await deps.sms.send({ to: owner.phone, ...notice });
}
