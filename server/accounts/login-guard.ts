// Limits password guessing (docs/security.md). A guess is counted before its password is checked,
// each counter by one statement that answers the new count, so guesses sent at once cannot all slip
// under a limit; a guess over a limit is refused without spending a hash verification on it.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { ChecksInFlight } from './checks-in-flight.ts';
import { clearWindows, giveBack, hitWindow, type Window } from './rate-windows.ts';

const minute = 60_000;

export interface Limit {
  max: number;
  windowMs: number;
}

export interface GuardPolicy {
  /** Which secret is guessed: names the counters. */
  scope: 'login' | 'trade' | 'totp';
  /** What a guess over a limit is answered with. */
  refusal: 'login_locked' | 'trade_password_locked' | 'totp_locked';
  /** Guesses from one address at any account: only the guesser's own address is held. */
  perAddress: Limit;
  /** Guesses at one account from one address: tight, and felt at that address alone. */
  perAccountAndAddress: Limit;
  /** Guesses at one account from every address together: slow; tripping it tells the owner. */
  perAccount: Limit;
}

export const loginGuardPolicy: GuardPolicy = {
  scope: 'login',
  refusal: 'login_locked',
  perAddress: { max: 50, windowMs: 15 * minute },
  perAccountAndAddress: { max: 5, windowMs: 15 * minute },
  perAccount: { max: 30, windowMs: 60 * minute },
};

/** The trade password is six digits and the last step before money leaves: a lower ceiling. */
export const tradeGuardPolicy: GuardPolicy = {
  scope: 'trade',
  refusal: 'trade_password_locked',
  perAddress: { max: 50, windowMs: 15 * minute },
  perAccountAndAddress: { max: 5, windowMs: 15 * minute },
  perAccount: { max: 10, windowMs: 60 * minute },
};

export interface Guess {
  /** The account guessed at: as typed for a login, the user's id for a trade password. */
  account: string;
  ip: string;
}

export interface GuessOptions {
  /**
   * Whether this address is let past the account-wide limit (the owner's own). The per-address
   * and per-account-and-address limits still hold it.
   */
  spared?: () => Promise<boolean>;
  /** Tells the owner; called once per window, by the first guess the account-wide limit refuses. */
  tripped?: (window: Window) => Promise<void>;
}

function accountKey(policy: GuardPolicy, account: string): string {
  return `${policy.scope}:account:${account}`;
}

/** Marks the window in which the owner was told, so they are told once. */
function noticeKey(policy: GuardPolicy, account: string): string {
  return `${policy.scope}:notice:${account}`;
}

type Counted = { admitted: true; windows: Window[] } | { admitted: false; over: Window };

/** A guess after its turn: admitted with how to say its check ended, or refused with any chance. */
type Turned =
  | { admitted: true; windows: Window[]; ended: (right: boolean) => void }
  | { admitted: false; over: Window; chance: Promise<void> | undefined };

/**
 * Counts a guess, from the broadest counter to the narrowest. A refused guess takes its hits back
 * and stops there, so each counter holds the guesses checked and found wrong, plus those in flight:
 * however many arrive at once, no more than a limit's worth are ever checked.
 */
async function count(
  db: Db,
  clock: Clock,
  policy: GuardPolicy,
  guess: Guess,
  spared: (() => Promise<boolean>) | undefined,
): Promise<Counted> {
  const windows: Window[] = [];
  const counters: [key: string, limit: Limit, mayBeSpared: boolean][] = [
    [`${policy.scope}:address:${guess.ip}`, policy.perAddress, false],
    // An address never contains a space, so the last space tells the two parts apart.
    [
      `${policy.scope}:account+address:${guess.account} ${guess.ip}`,
      policy.perAccountAndAddress,
      false,
    ],
    [accountKey(policy, guess.account), policy.perAccount, true],
  ];
  for (const [key, limit, mayBeSpared] of counters) {
    const window = await hitWindow(db, clock, key, limit.windowMs);
    windows.push(window);
    if (window.hits <= limit.max) continue;
    if (mayBeSpared && (await spared?.())) continue;
    for (const counted of windows) await giveBack(db, counted);
    return { admitted: false, over: window };
  }
  return { admitted: true, windows };
}

/** Checks running in this process, per database (tests run several in one process). */
const inFlight = new WeakMap<Db, ChecksInFlight>();

function checksOf(db: Db): ChecksInFlight {
  const checks = inFlight.get(db) ?? new ChecksInFlight();
  inFlight.set(db, checks);
  return checks;
}

/**
 * Counts a guess and checks it with `check` if it is within the limits; answers whether it was
 * right. A right guess takes its hits back: the owner's logins never use up a limit. A refused
 * guess waits while checks of the same account run here and is counted again when one of them
 * frees a count, so only wrong guesses keep anyone out (`checks-in-flight.ts`).
 */
export async function guardedCheck(
  db: Db,
  clock: Clock,
  policy: GuardPolicy,
  guess: Guess,
  options: GuessOptions,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const key = accountKey(policy, guess.account);
  const checks = checksOf(db);
  for (;;) {
    const turn: Turned = await checks.inTurn(key, async (turn) => {
      const counted = await count(db, clock, policy, guess, options.spared);
      return counted.admitted
        ? { ...counted, ended: checks.started(key) }
        : { ...counted, chance: checks.nextChance(key, turn) };
    });
    if (turn.admitted) {
      let right = false;
      try {
        right = await check();
        if (right) for (const window of turn.windows) await giveBack(db, window);
        return right;
      } finally {
        turn.ended(right);
      }
    }
    if (turn.chance) {
      await turn.chance;
      continue;
    }
    if (turn.over.key === key) {
      await tellOnce(db, clock, policy, guess.account, turn.over, options);
    }
    throw new BusinessError(policy.refusal, {
      minutes: Math.ceil(turn.over.resetInMs / minute),
    });
  }
}

/** The owner hears of a tripped account-wide limit once in its window, whoever is refused. */
async function tellOnce(
  db: Db,
  clock: Clock,
  policy: GuardPolicy,
  account: string,
  over: Window,
  options: GuessOptions,
): Promise<void> {
  if (!options.tripped) return;
  const notice = await hitWindow(db, clock, noticeKey(policy, account), policy.perAccount.windowMs);
  if (notice.hits === 1) await options.tripped(over);
}

/**
 * Lifts the account-wide limit, for when the owner has just set a new secret with a code or the old
 * secret: guesses at the old one no longer matter.
 */
export async function liftAccountLimit(db: Db, policy: GuardPolicy, account: string) {
  await clearWindows(db, accountKey(policy, account));
  await clearWindows(db, noticeKey(policy, account));
}
