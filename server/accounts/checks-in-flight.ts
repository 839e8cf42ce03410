// Password checks running in this process, per account. A guess is counted before anyone knows it
// is right, so the owner's own requests sent at once can fill a limit; a guess refused while checks
// of its account run waits here and tries again instead of being turned away.

interface AccountChecks {
  /** Checks running. */
  running: number;
  /** Guesses being counted. */
  counting: number;
  /** How many checks have turned out right (and given their count back) so far. */
  freed: number;
  waiting: (() => void)[];
}

export class ChecksInFlight {
  readonly #accounts = new Map<string, AccountChecks>();

  #of(account: string): AccountChecks {
    const checks = this.#accounts.get(account) ?? {
      running: 0,
      counting: 0,
      freed: 0,
      waiting: [],
    };
    this.#accounts.set(account, checks);
    return checks;
  }

  #forgetIdle(account: string, checks: AccountChecks): void {
    if (checks.running === 0 && checks.counting === 0) this.#accounts.delete(account);
  }

  /** Marks a guess at the account as being counted; answers the mark `nextChance` compares. */
  enter(account: string): number {
    const checks = this.#of(account);
    checks.counting++;
    return checks.freed;
  }

  leave(account: string): void {
    const checks = this.#accounts.get(account);
    if (!checks) return;
    checks.counting--;
    this.#forgetIdle(account, checks);
  }

  /**
   * For a guess that was refused: a promise that resolves when counting it again may help, or
   * undefined when nothing can change. A check that turned out right since `mark` freed a count at
   * once; while checks run, the next one to turn out right (or the last to end) may free one.
   */
  nextChance(account: string, mark: number): Promise<void> | undefined {
    const checks = this.#accounts.get(account);
    if (!checks) return undefined;
    if (checks.freed !== mark) return Promise.resolve();
    if (checks.running === 0) return undefined;
    return new Promise((resolve) => checks.waiting.push(resolve));
  }

  /** Runs a check of the account; it counts as running until it settles. */
  async run(account: string, check: () => Promise<boolean>): Promise<boolean> {
    const checks = this.#of(account);
    checks.running++;
    let right = false;
    try {
      right = await check();
      return right;
    } finally {
      checks.running--;
      if (right) checks.freed++;
      if (checks.running === 0) {
        for (const wake of checks.waiting.splice(0)) wake();
      } else if (right) {
        // One count came free: one waiting guess may have it. A wrong check frees nothing.
        checks.waiting.shift()?.();
      }
      this.#forgetIdle(account, checks);
    }
  }
}
