// Limits password guessing: per account and per address, failures in a 15-minute window lock login.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { hitWindow, peekWindow } from './rate-windows.ts';

const windowMs = 15 * 60_000;
export const loginGuardPolicy = { perAccount: 5, perAddress: 50, windowMs };

const accountKey = (account: string) => `login-fail:account:${account}`;
const addressKey = (ip: string) => `login-fail:ip:${ip}`;

/** Refuses at once while the account or the address is locked out. */
export async function assertNotLocked(db: Db, clock: Clock, account: string, ip: string) {
  const [byAccount, byAddress] = await Promise.all([
    peekWindow(db, clock, accountKey(account), windowMs),
    peekWindow(db, clock, addressKey(ip), windowMs),
  ]);
  for (const [window, limit] of [
    [byAccount, loginGuardPolicy.perAccount],
    [byAddress, loginGuardPolicy.perAddress],
  ] as const) {
    if (window.hits >= limit) {
      throw new BusinessError('login_locked', { minutes: Math.ceil(window.resetInMs / 60_000) });
    }
  }
}

export async function recordFailure(db: Db, clock: Clock, account: string, ip: string) {
  await hitWindow(db, clock, accountKey(account), windowMs);
  await hitWindow(db, clock, addressKey(ip), windowMs);
}
