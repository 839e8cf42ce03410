// The withdrawal hold after a change to the account's security: a password changed or reset, an
// authenticator or passkey bound or removed, a recovery code used, a phone changed, whitelist mode
// turned off. Whoever made the change may be an intruder holding a session; the hold gives the
// owner, who is told by a notice, time to act before any money can leave (docs/security.md).
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { WithdrawHoldReason } from '../db/security-tables.ts';
import { BusinessError } from '../http/business-error.ts';

/**
 * Holds withdrawals for `holdMs` from now, inside the transaction of the change; a longer hold
 * already running is kept.
 */
export async function startWithdrawHold(
  db: Db,
  clock: Clock,
  holdMs: number,
  userId: number,
  reason: WithdrawHoldReason,
): Promise<void> {
  if (holdMs <= 0) return;
  const until = new Date(clock.now().getTime() + holdMs);
  await db
    .updateTable('users')
    .set({ withdraw_hold_until: until, withdraw_hold_reason: reason })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('withdraw_hold_until', 'is', null), eb('withdraw_hold_until', '<', until)]),
    )
    .execute();
}

/** A time as a refusal names it: minutes, UTC, in the one form every language reads. */
export function untilText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Refuses while a hold runs, saying until when. */
export function assertNoWithdrawHold(user: { withdraw_hold_until: Date | null }, now: Date): void {
  const until = user.withdraw_hold_until;
  if (until !== null && until > now) {
    throw new BusinessError('withdraw_security_hold', { until: untilText(until) });
  }
}
