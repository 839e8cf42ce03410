// The password checks worth guessing at, each behind its guard (docs/security.md): the login
// password (at login, and as proof for a change) and the trade password (for a withdrawal, and as
// proof for changing it).
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext } from '../http/router.ts';
import { tellOwner } from './guess-notice.ts';
import {
  type GuardPolicy,
  type GuessOptions,
  guardedCheck,
  loginGuardPolicy,
  tradeGuardPolicy,
} from './login-guard.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';
import { getUser, type UserRow } from './users.ts';

type CheckDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'email' | 'sms'>;

/** How far back a login from an address makes it the owner's, spared the account-wide limit. */
const knownAddressMs = 30 * 86_400_000;

/** Whether the user has logged in from this address lately. */
async function loggedInFrom(db: Db, now: Date, userId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(now.getTime() - knownAddressMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts the guess, checks it if it is within the limits, and answers whether it is right. */
function guardedVerify(
  deps: CheckDeps,
  context: RouteContext,
  policy: GuardPolicy,
  target: { account: string; owner: UserRow | undefined; spareKnownAddresses: boolean },
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const { owner } = target;
  const options: GuessOptions = {};
  if (owner && target.spareKnownAddresses) {
    options.spared = () => loggedInFrom(deps.db, deps.clock.now(), owner.id, context.ip);
  }
  if (owner) {
    // A notice that cannot be sent is logged and never turns the refusal into a server error.
    options.tripped = (window) =>
      tellOwner({ ...deps, log: context.request.log }, owner, policy, window);
  }
  const guess = { account: target.account, ip: context.ip };
  return guardedCheck(deps.db, deps.clock, policy, guess, options, verify);
}

/**
 * Checks a login password for `account` as typed. An unknown account costs a decoy verification and
 * is counted like any other, so neither time nor limits tell whether an account exists.
 */
export function checkLoginPassword(
  deps: CheckDeps,
  context: RouteContext,
  account: string,
  owner: UserRow | undefined,
  password: string,
): Promise<boolean> {
  return guardedVerify(
    deps,
    context,
    loginGuardPolicy,
    { account, owner, spareKnownAddresses: true },
    () => (owner ? verifyPassword(owner.password_hash, password) : verifyDecoy(password)),
  );
}

/**
 * Checks a user's trade password. Its account-wide limit spares nobody: whoever guesses already holds
 * a session, and may well have logged in with the login password from anywhere.
 */
export function checkTradePassword(
  deps: CheckDeps,
  context: RouteContext,
  owner: UserRow & { trade_password_hash: string },
  password: string,
): Promise<boolean> {
  return guardedVerify(
    deps,
    context,
    tradeGuardPolicy,
    { account: String(owner.id), owner, spareKnownAddresses: false },
    () => verifyPassword(owner.trade_password_hash, password),
  );
}

/** Refuses a withdrawal unless the user has a trade password and this is it. */
export async function assertTradePassword(
  deps: CheckDeps,
  context: RouteContext,
  userId: number,
  password: string,
): Promise<void> {
  const user = await getUser(deps.db, userId);
  const { trade_password_hash: hash } = user;
  if (hash === null) throw new BusinessError('trade_password_not_set');
  if (
    !(await checkTradePassword(deps, context, { ...user, trade_password_hash: hash }, password))
  ) {
    throw new BusinessError('trade_password_wrong');
  }
}
