// Password checks running in this process, per account. A guess is counted before anyone knows it
// is right, so the owner's own requests sent at once can fill a limit; a guess refused while checks
// of its account run waits here and tries again instead of being turned away.
//
// Guesses at one account are counted one at a time here. Were two counted at once, one could be
// refused for the other's count while that other had not yet started its check: nothing would be
// running to wake the refused one, and a right password sent twice at once would be turned away.
// Counted in turn, every count a refused guess sees is either settled (checked and wrong) or held by
// a running check, which wakes it when it ends.

interface AccountChecks {
  /** Checks running. */
  running: number;
  /** Guesses waiting for or taking their turn to be counted. */
  queued: number;
  /** How many checks have turned out right (and given their count back) so far. */
  freed: number;
  /** The turn of the last guess queued: the next one counts when it ends. */
  lastTurn: Promise<void>;
  waiting: (() => void)[];
}

export interface Turn {
  /** How many checks had freed a count when this turn began: compared by `nextChance`. */
  mark: number;
}

export class ChecksInFlight {
  readonly #accounts = new Map<string, AccountChecks>();

  #of(account: string): AccountChecks {
    const checks = this.#accounts.get(account) ?? {
      running: 0,
      queued: 0,
      freed: 0,
      lastTurn: Promise.resolve(),
      waiting: [],
    };
    this.#accounts.set(account, checks);
    return checks;
  }

  #forgetIdle(account: string, checks: AccountChecks): void {
    if (checks.running === 0 && checks.queued === 0) this.#accounts.delete(account);
  }

  /**
   * Runs `count` once no other guess at the account is being counted here. Inside it, a guess that
   * is admitted calls `started` before the turn ends; one that is refused asks `nextChance`.
   */
  async inTurn<T>(account: string, count: (turn: Turn) => Promise<T>): Promise<T> {
    const checks = this.#of(account);
    checks.queued++;
    const previous = checks.lastTurn;
    let endTurn = () => {};
    checks.lastTurn = new Promise((resolve) => {
      endTurn = resolve;
    });
    try {
      await previous;
      return await count({ mark: checks.freed });
    } finally {
      endTurn();
      checks.queued--;
      this.#forgetIdle(account, checks);
    }
  }

  /**
   * For a guess that was refused in its turn: a promise that resolves when counting it again may
   * help, or undefined when nothing can change. A check that turned out right since the turn began
   * freed a count at once; while checks run, the next one to turn out right (or the last to end)
   * may free one.
   */
  nextChance(account: string, turn: Turn): Promise<void> | undefined {
    const checks = this.#accounts.get(account);
    if (!checks) return undefined;
    if (checks.freed !== turn.mark) return Promise.resolve();
    if (checks.running === 0) return undefined;
    return new Promise((resolve) => checks.waiting.push(resolve));
  }

  /** Runs a check of the account admitted in its turn; it counts as running until it settles. */
  started(account: string): (right: boolean) => void {
    const checks = this.#of(account);
    checks.running++;
    return (right) => {
      checks.running--;
      if (right) checks.freed++;
      if (checks.running === 0) {
        for (const wake of checks.waiting.splice(0)) wake();
      } else if (right) {
        // One count came free: one waiting guess may have it. A wrong check frees nothing.
        checks.waiting.shift()?.();
      }
      this.#forgetIdle(account, checks);
    };
  }
}
