// Limits guessing of the second factor (authenticator codes and recovery codes), with the guard the
// passwords use (server/accounts/login-guard.ts, docs/security.md): every try is counted before the
// code is compared, so of tries sent at once no more than a limit's worth are ever compared, and a
// right code takes its count back.

import { tellOwner } from '../accounts/guess-notice.ts';
import { type GuardPolicy, guardedCheck } from '../accounts/login-guard.ts';
import type { AppDeps } from '../deps.ts';
import type { RouteContext } from '../http/router.ts';

const minute = 60_000;

/**
 * A six-digit code with a window of three steps is hit by one guess in 333,333; ten an hour per
 * user is 240 a day, one chance in 1,400, for someone who already has the password. The per-user
 * limit spares nobody: whoever guesses here has the password or a session, and may come from
 * anywhere. The owner lifts it by resetting the password (`/login/forget`), or signs in with a
 * passkey meanwhile.
 */
export const totpGuardPolicy: GuardPolicy = {
  scope: 'totp',
  refusal: 'totp_locked',
  perAddress: { max: 50, windowMs: 15 * minute },
  perAccountAndAddress: { max: 5, windowMs: 15 * minute },
  perAccount: { max: 10, windowMs: 60 * minute },
};

type GuardDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'email' | 'sms'>;

/**
 * Counts a try at the user's second factor, runs `check` if it is within the limits and answers
 * whether it was right; over a limit, refuses with `totp_locked` and the minutes left.
 */
export function guardedSecondFactor(
  deps: GuardDeps,
  context: RouteContext,
  userId: number,
  check: () => Promise<boolean>,
): Promise<boolean> {
  return guardedCheck(
    deps.db,
    deps.clock,
    totpGuardPolicy,
    { account: String(userId), ip: context.ip },
    {
      // A notice that cannot be sent is logged and never turns the refusal into a server error.
      // Whoever tried so many codes very likely knows the password: the notice says so.
      tripped: (window) =>
        tellOwner({ ...deps, log: context.request.log }, { id: userId }, totpGuardPolicy, window),
    },
    check,
  );
}
