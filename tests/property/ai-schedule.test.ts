// An AI ETF order's schedule against random purchases: one reward a day from the first 00:00 UTC
// after the purchase, each principal × rate ÷ 365 rounded down, summing to the promised rewards,
// the last on the maturity; and an early withdrawal after any number of paid days returns exactly
// the principal in all, rewards included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualSchedule,
  dayMs,
  earlyWithdrawal,
  maturityOf,
  promisedRewards,
} from '../../core/ai/schedule.ts';

describe('an accrual schedule', () => {
  it('pays every day once, to the atom, and an early withdrawal keeps the principal whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.nat(),
        (principal, aprPpm, days, boughtAt, paidDays) => {
          const schedule = accrualSchedule(principal, aprPpm, days, boughtAt);
          expect(schedule).toHaveLength(days);
          const first = schedule[0]?.date ?? 0;
          expect(first % dayMs).toBe(0);
          expect(first).toBeGreaterThan(boughtAt + dayMs - 1);
          expect(first - boughtAt).toBeLessThanOrEqual(2 * dayMs);
          for (const [i, day] of schedule.entries()) {
            expect(day.date).toBe(first + i * dayMs);
            expect(day.amount).toBe((principal * BigInt(aprPpm)) / 365_000_000n);
          }
          expect(schedule.at(-1)?.date).toBe(maturityOf(days, boughtAt));
          expect(schedule.reduce((sum, day) => sum + day.amount, 0n)).toBe(
            promisedRewards(principal, aprPpm, days),
          );
          const paid = schedule
            .slice(0, paidDays % (days + 1))
            .reduce((sum, day) => sum + day.amount, 0n);
          expect(earlyWithdrawal(principal, paid) + paid).toBe(principal);
        },
      ),
      { numRuns: 500 },
    );
  });
});
