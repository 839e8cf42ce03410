// A pre-sale's allocation against random commitments: it sums to the supply exactly when
// oversubscribed (to everyone's demand otherwise), never gives a commitment more than it can pay
// for, costs no one more than they committed, does not depend on the order the commitments came
// in, and gives each the pro-rata share the published rule names to within the one atom the
// largest remainders hand out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, demandOf } from '../../core/subscription/allocation.ts';

const commitments = fc.uniqueArray(
  fc.record({
    account: fc.stringMatching(/^[0-9a-f]{8}$/),
    committed: fc.bigInt({ min: 1n, max: 20_000n * 100_000_000n }),
  }),
  { minLength: 1, maxLength: 40, selector: (commitment) => commitment.account },
);
const price = fc.bigInt({ min: 1n, max: 10n * 100_000_000n });
const supply = fc.bigInt({ min: 1n, max: 10n ** 15n });

describe('a pre-sale allocation', () => {
  it('sums to the supply (or the demand), within each demand and commitment, in any order', () => {
    fc.assert(
      fc.property(commitments, price, supply, fc.infiniteStream(fc.nat()), (list, p, s, seeds) => {
        const result = allocate(s, p, list);
        const demand = list.reduce((sum, c) => sum + demandOf(c.committed, p), 0n);
        const total = result.reduce((sum, a) => sum + a.tokens, 0n);
        const oversubscribed = demand > s;
        expect(total).toBe(oversubscribed ? s : demand);
        const committed = list.reduce((sum, c) => sum + c.committed, 0n);
        for (const a of result) {
          expect(a.tokens).toBeLessThanOrEqual(demandOf(a.committed, p));
          expect(a.cost).toBeLessThanOrEqual(a.committed);
          expect(a.refund).toBe(a.committed - a.cost);
          if (demand > s) {
            // The pro-rata share, rounded down, and at most one atom more.
            const share = (s * a.committed) / committed;
            expect(a.tokens >= share || a.tokens === demandOf(a.committed, p)).toBe(true);
            expect(a.tokens).toBeLessThanOrEqual(share + 1n);
          }
        }
        const shuffled = [...list].sort(() => (seeds.next().value % 2 === 0 ? -1 : 1));
        expect(allocate(s, p, shuffled)).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });
});
