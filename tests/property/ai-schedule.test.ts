// An AI ETF order's schedule against random purchases: one reward a day from the first 00:00 UTC
// after the purchase, each principal × rate ÷ 365 rounded down, summing to the promised rewards,
// the last on the maturity; and an early withdrawal after any number of paid days returns exactly
// the principal in all, rewards included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualSchedule,
  dailyReward,
  dayMs,
  earlyWithdrawal,
  maturityOf,
  promisedRewards,
  rewardsOutgrowPrincipal,
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

describe('an early withdrawal', () => {
  const terms = fc.record({
    principal: fc.bigInt({ min: 1n, max: 10n ** 14n }),
    aprPpm: fc.integer({ min: 1, max: 10_000_000 }),
    days: fc.integer({ min: 1, max: 3650 }),
  });

  it('never returns less than nothing, and splits the principal between the user and the reserve', () => {
    fc.assert(
      fc.property(terms, fc.nat(), ({ principal, aprPpm, days }, paidDays) => {
        const paid = dailyReward(principal, aprPpm) * BigInt(paidDays % days);
        const returned = earlyWithdrawal(principal, paid);
        expect(returned).toBeGreaterThanOrEqual(0n);
        expect(returned).toBeLessThanOrEqual(principal);
        expect(returned).toBe(paid < principal ? principal - paid : 0n);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the rewards within the principal before maturity exactly when the terms are allowed', () => {
    fc.assert(
      fc.property(terms, ({ principal, aprPpm, days }) => {
        // The most an order can have been paid when it is withdrawn: every day but the last.
        const mostPaid = dailyReward(principal, aprPpm) * BigInt(days - 1);
        if (!rewardsOutgrowPrincipal(aprPpm, days)) expect(mostPaid).toBeLessThanOrEqual(principal);
        else {
          // Refused terms do outgrow it: for a principal large enough that rounding is negligible.
          const large = 10n ** 18n;
          expect(dailyReward(large, aprPpm) * BigInt(days - 1)).toBeGreaterThan(large);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses the terms the operator tools once accepted and that could debit a user', () => {
    expect(rewardsOutgrowPrincipal(10_000_000, 3650)).toBe(true);
    expect(rewardsOutgrowPrincipal(1_000_000, 366)).toBe(false);
    expect(rewardsOutgrowPrincipal(1_000_000, 367)).toBe(true);
    expect(rewardsOutgrowPrincipal(10_000_000, 1)).toBe(false);
  });
});
