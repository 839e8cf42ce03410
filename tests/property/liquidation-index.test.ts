// The liquidation index answers, for any mark, exactly the positions a scan of every position
// would: longs whose liquidation price is at or above the mark, shorts at or below, through any
// sequence of filings, refilings and removals.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Direction } from '../../core/contract/margin.ts';
import { LiquidationIndex } from '../../server/contract/liquidation-index.ts';

type Step =
  | { kind: 'set'; id: number; direction: Direction; price: bigint | null }
  | { kind: 'delete'; id: number }
  | { kind: 'reached'; mark: bigint };

const id = fc.integer({ min: 1, max: 40 });
const price = fc.bigInt({ min: 1n, max: 1_000n });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    id,
    direction: fc.constantFrom('long' as const, 'short' as const),
    price: fc.option(price, { nil: null }),
  }),
  fc.record({ kind: fc.constant('delete' as const), id }),
  fc.record({ kind: fc.constant('reached' as const), mark: price }),
);

it('finds exactly the positions a scan finds', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
      const index = new LiquidationIndex();
      const model = new Map<number, { direction: Direction; price: bigint }>();
      for (const s of steps) {
        if (s.kind === 'set') {
          index.set(s.id, s.direction, s.price);
          if (s.price === null) model.delete(s.id);
          else model.set(s.id, { direction: s.direction, price: s.price });
        } else if (s.kind === 'delete') {
          index.delete(s.id);
          model.delete(s.id);
        } else {
          const scanned = [...model]
            .filter(([, p]) => (p.direction === 'long' ? p.price >= s.mark : p.price <= s.mark))
            .map(([positionId]) => positionId);
          expect(index.reached(s.mark).sort((a, b) => a - b)).toEqual(
            scanned.sort((a, b) => a - b),
          );
        }
        expect(index.size).toBe(model.size);
      }
    }),
    { numRuns: 500 },
  );
});
