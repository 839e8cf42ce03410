// The second contract's rule against random prints, and the money it moves:
// - settlement equals the published rule, written here a second time in its plainest form, for
//   random prints with equal prices, stale prints, gaps and missing windows;
// - over random orders and outcomes, the pool and the users together keep every atom, no user
//   goes below zero, and the pool, having taken only what it could cover, never goes below zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type IndexPrint,
  type OptionTerms,
  printAt,
  printToleranceMs,
  settle,
} from '../../core/option/settlement.ts';
import { Exposure } from '../../server/option/exposure.ts';

const openTime = 1_800_000_000_000;
const expiryTime = openTime + 60_000;

/** Prints of the seconds around both times, some stale, some missing, prices from a small set. */
const prints = fc
  .array(
    fc.record({
      offset: fc.integer({ min: -3, max: 8 }),
      near: fc.constantFrom(openTime, expiryTime),
      price: fc.constantFrom(99n, 100n, 101n),
      stale: fc.boolean(),
    }),
    { maxLength: 20 },
  )
  .map((drawn) => {
    const bySecond = new Map<number, IndexPrint>();
    for (const { offset, near, price, stale } of drawn) {
      const ts = near + offset * 1000;
      bySecond.set(ts, { ts, price, stale });
    }
    return [...bySecond.values()].sort((a, b) => a.ts - b.ts);
  });

const terms = fc.record({
  direction: fc.constantFrom('up' as const, 'down' as const),
  stake: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  ratePpm: fc.integer({ min: 1, max: 999_999 }),
});

/** The rule as published, read off the prints with no shortcuts. */
function byTheRule(contract: OptionTerms, recorded: readonly IndexPrint[]) {
  const fresh = (at: number) =>
    recorded
      .filter((print) => !print.stale && print.ts >= at && print.ts - at <= printToleranceMs)
      .sort((a, b) => a.ts - b.ts)[0];
  const opening = fresh(contract.openTime);
  const settlement = fresh(contract.expiryTime);
  if (!opening || !settlement) return { outcome: 'void', payout: contract.stake };
  if (opening.price === settlement.price) return { outcome: 'refund', payout: contract.stake };
  const upWon = settlement.price > opening.price;
  if (upWon === (contract.direction === 'up')) {
    return {
      outcome: 'win',
      payout: contract.stake + (contract.stake * BigInt(contract.ratePpm)) / 1_000_000n,
    };
  }
  return { outcome: 'lose', payout: 0n };
}

describe('the second contract rule', () => {
  it('settles every contract exactly as the published rule says', () => {
    fc.assert(
      fc.property(terms, prints, (drawn, recorded) => {
        const contract = { ...drawn, openTime, expiryTime };
        const result = settle(contract, printAt(recorded, openTime), printAt(recorded, expiryTime));
        expect(result).toEqual(byTheRule(contract, recorded));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every atom between the users and the pool, and the pool above what it owes', () => {
    const order = fc.record({
      user: fc.integer({ min: 0, max: 4 }),
      group: fc.integer({ min: 0, max: 2 }),
      direction: fc.constantFrom('up' as const, 'down' as const),
      stake: fc.bigInt({ min: 1n, max: 1_500n }),
      ratePpm: fc.constantFrom(800_000, 850_000, 880_000),
    });
    const outcome = fc.record({ move: fc.constantFrom(-1n, 0n, 1n), void: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 60 }),
        fc.array(outcome, { minLength: 3, maxLength: 3 }),
        // A small pool, so its cover decides which orders are taken.
        fc.bigInt({ min: 0n, max: 1_000n }),
        (orders, outcomes, seed) => {
          const wallets = [2_000n, 2_000n, 2_000n, 2_000n, 2_000n];
          let pool = seed;
          const start = pool + wallets.reduce((sum, wallet) => sum + wallet, 0n);
          const exposure = new Exposure();
          const taken: (OptionTerms & { user: number; symbol: string; group: number })[] = [];
          for (const drawn of orders) {
            const contract = {
              ...drawn,
              symbol: 'BTCUSDT',
              openTime: openTime + drawn.group * 1000,
              expiryTime: expiryTime + drawn.group * 1000,
            };
            // The writer's rules: the stake is there, and the pool covers the worst case with it.
            if ((wallets[drawn.user] as bigint) < drawn.stake) continue;
            if (exposure.totalWith(contract) > pool + drawn.stake) continue;
            wallets[drawn.user] = (wallets[drawn.user] as bigint) - drawn.stake;
            pool += drawn.stake;
            exposure.add(contract);
            taken.push(contract);
          }
          for (const contract of taken) {
            const drawn = outcomes[contract.group] as { move: bigint; void: boolean };
            const opening = { ts: contract.openTime, price: 100n, stale: false };
            const settlement = drawn.void
              ? null
              : { ts: contract.expiryTime, price: 100n + drawn.move, stale: false };
            const { payout } = settle(contract, opening, settlement);
            pool -= payout;
            wallets[contract.user] = (wallets[contract.user] as bigint) + payout;
            exposure.remove(contract);
            // Whatever the prints, the pool can pay: the exposure it took on was its worst case.
            expect(pool).toBeGreaterThanOrEqual(0n);
          }
          expect(pool + wallets.reduce((sum, wallet) => sum + wallet, 0n)).toBe(start);
          expect(pool).toBeGreaterThanOrEqual(0n);
          for (const wallet of wallets) expect(wallet).toBeGreaterThanOrEqual(0n);
          expect(exposure.total).toBe(0n);
        },
      ),
      {
        numRuns: 1000,
        examples: [
          // Both sides of one group cost less than their stakes if one wins, but all of them if it
          // is void: without the refunds in its worst case, the pool would take the third order
          // and come up short.
          [
            [
              { user: 0, group: 0, direction: 'up', stake: 1_000n, ratePpm: 800_000 },
              { user: 1, group: 0, direction: 'down', stake: 1_000n, ratePpm: 800_000 },
              { user: 2, group: 1, direction: 'up', stake: 1_250n, ratePpm: 800_000 },
            ],
            [
              { move: 0n, void: true },
              { move: 1n, void: false },
              { move: 0n, void: false },
            ],
            800n,
          ],
        ],
      },
    );
  });
});
