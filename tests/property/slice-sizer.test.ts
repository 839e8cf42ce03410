// The size of a long round's slices (server/engine/slice-sizer.ts). Whatever one item costs and
// whatever a slice costs on top, once the sizes have settled no slice takes more than a quarter
// over the budget, unless the smallest slice alone is slower; the sizes do not collapse to the
// smallest when the fixed cost is most of the budget; they stay within their bounds, and grow by a
// quarter at most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growth, roundSlice, SliceSizer } from '../../server/engine/slice-sizer.ts';

/** Runs `slices` slices of a round whose slice of n items takes `fixed + n × perItem` ms. */
function run(perItem: number, fixed: number, slices: number) {
  const sizer = new SliceSizer();
  const times: { size: number; ms: number }[] = [];
  for (let i = 0; i < slices; i++) {
    const size = sizer.size;
    const ms = fixed + size * perItem;
    times.push({ size, ms });
    sizer.record(size, ms);
  }
  return times;
}

describe('the slices of a long round', () => {
  it('keeps settled slices within a quarter over the budget', () => {
    fc.assert(
      fc.property(
        // ms an item: from a fast machine's 1 µs to a loaded one's 5 ms.
        fc.double({ min: 0.001, max: 5, noNaN: true }),
        // ms a slice costs whatever its size: the commit, the round trips.
        fc.double({ min: 0, max: 35, noNaN: true }),
        (perItem, fixed) => {
          const smallest = fixed + roundSlice.min * perItem;
          // From the 60th slice on: long enough to settle from the first size at any speed.
          for (const { ms } of run(perItem, fixed, 120).slice(60)) {
            expect(ms).toBeLessThanOrEqual(Math.max(roundSlice.targetMs * growth, smallest) + 1e-9);
          }
        },
      ),
    );
  });

  it('takes more than the smallest slice when the fixed cost is most of the budget', () => {
    // 30 ms a transaction and 0.2 ms a user, as the embedded database distributes a pre-sale: the
    // budget has room for 50 users a slice, not 16.
    const settled = run(0.2, 30, 80).slice(40);
    expect(Math.min(...settled.map((slice) => slice.size))).toBeGreaterThan(30);
    expect(Math.max(...settled.map((slice) => slice.ms))).toBeLessThanOrEqual(50);
  });

  it('stays within its bounds and grows by a quarter at most, however the times jump', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (times) => {
          const sizer = new SliceSizer();
          for (const ms of times) {
            const before = sizer.size;
            sizer.record(before, ms);
            expect(sizer.size).toBeGreaterThanOrEqual(roundSlice.min);
            expect(sizer.size).toBeLessThanOrEqual(
              Math.min(roundSlice.max, Math.max(before + 1, Math.floor(before * growth))),
            );
          }
        },
      ),
    );
  });

  it('takes the smallest slice when one item alone is over the budget, and moves on', () => {
    const sizer = new SliceSizer();
    sizer.record(sizer.size, sizer.size * 100);
    expect(sizer.size).toBe(roundSlice.min);
  });

  it('grows to its largest on a fast machine', () => {
    const sizes = run(0.0001, 0, 60).map((slice) => slice.size);
    expect(sizes.slice(0, 3)).toEqual([16, 20, 25]);
    expect(sizes.at(-1)).toBe(roundSlice.max);
  });
});
