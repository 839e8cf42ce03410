// The size of a long round's slices (server/engine/slice-sizer.ts): whatever one item costs and
// whatever a slice costs on top, once a slice has been timed every next one stays within the budget
// plus that fixed cost, unless the smallest slice alone is slower; sizes stay within their bounds,
// and a fast slice at most doubles the next.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundSlice, SliceSizer } from '../../server/engine/slice-sizer.ts';

describe('the slices of a long round', () => {
  it('keeps every slice after the first within the budget and its fixed cost', () => {
    fc.assert(
      fc.property(
        // ms an item: from a fast machine's 1 µs to a loaded one's 5 ms.
        fc.double({ min: 0.001, max: 5, noNaN: true }),
        // ms a slice costs whatever its size: the commit, a round trip.
        fc.double({ min: 0, max: 20, noNaN: true }),
        (perItem, fixed) => {
          const sizer = new SliceSizer();
          for (let i = 0; i < 20; i++) {
            const size = sizer.size;
            const ms = fixed + size * perItem;
            if (i > 0 && size > roundSlice.min) {
              expect(ms).toBeLessThanOrEqual(roundSlice.targetMs + fixed + 1e-9);
            }
            sizer.record(size, ms);
          }
        },
      ),
    );
  });

  it('stays within its bounds and at most doubles, however the times jump', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (times) => {
          const sizer = new SliceSizer();
          for (const ms of times) {
            const before = sizer.size;
            sizer.record(before, ms);
            expect(sizer.size).toBeGreaterThanOrEqual(roundSlice.min);
            expect(sizer.size).toBeLessThanOrEqual(Math.min(roundSlice.max, before * 2));
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

  it('grows to its largest on a fast machine, doubling at most each time', () => {
    const sizer = new SliceSizer();
    const sizes: number[] = [];
    for (let i = 0; i < 12; i++) {
      sizes.push(sizer.size);
      sizer.record(sizer.size, 0.0001 * sizer.size);
    }
    expect(sizes.slice(0, 4)).toEqual([100, 200, 400, 800]);
    expect(sizes.at(-1)).toBe(roundSlice.max);
  });
});
