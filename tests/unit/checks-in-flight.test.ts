// Guesses at one account sent at once, in every order the scheduler finds: a right secret is turned
// away only when a limit's worth of wrong ones were checked, and no more than that are ever checked.
// A guard over an in-memory counter stands for server/accounts/login-guard.ts, whose counter is a row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChecksInFlight } from '../../server/accounts/checks-in-flight.ts';

const account = 'login:account:ada';

interface Outcome {
  checked: number;
  wrongChecked: number;
  refusedRight: number;
}

/** Sends every guess at once through `checks`, each counter step awaited as the database's is. */
async function guessAll(
  checks: ChecksInFlight,
  guesses: readonly boolean[],
  limit: number,
  step: () => Promise<void>,
): Promise<Outcome> {
  let hits = 0;
  const outcome: Outcome = { checked: 0, wrongChecked: 0, refusedRight: 0 };
  const guess = async (right: boolean): Promise<void> => {
    for (;;) {
      const turn = await checks.inTurn(account, async (turn) => {
        await step();
        hits++;
        if (hits <= limit) return { ended: checks.started(account) };
        await step();
        hits--;
        return { chance: checks.nextChance(account, turn) };
      });
      if ('ended' in turn) {
        outcome.checked++;
        await step();
        if (right) hits--;
        else outcome.wrongChecked++;
        turn.ended(right);
        return;
      }
      if (!turn.chance) {
        if (right) outcome.refusedRight++;
        return;
      }
      await turn.chance;
    }
  };
  await Promise.all(guesses.map(guess));
  return outcome;
}

describe('checks in flight', () => {
  it('never turns a right secret away while a limit is not yet full of wrong ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async (s, guesses, limit) => {
          const checks = new ChecksInFlight();
          const step = () => s.schedule(Promise.resolve());
          const done = guessAll(checks, guesses, limit, step);
          await s.waitFor(done);
          const outcome = await done;
          expect(outcome.wrongChecked).toBeLessThanOrEqual(limit);
          if (outcome.refusedRight > 0) expect(outcome.wrongChecked).toBe(limit);
          expect(outcome.checked).toBe(
            guesses.length -
              outcome.refusedRight -
              (guesses.filter((g) => !g).length - outcome.wrongChecked),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lets two right secrets sent at once through a limit of one', async () => {
    const checks = new ChecksInFlight();
    const outcome = await guessAll(checks, [true, true], 1, () => Promise.resolve());
    expect(outcome).toEqual({ checked: 2, wrongChecked: 0, refusedRight: 0 });
  });

  it('turns a guess away at once when the limit is full of checked wrong ones', async () => {
    const checks = new ChecksInFlight();
    const outcome = await guessAll(checks, [false, false, true], 2, () => Promise.resolve());
    expect(outcome).toEqual({ checked: 2, wrongChecked: 2, refusedRight: 1 });
  });
});
