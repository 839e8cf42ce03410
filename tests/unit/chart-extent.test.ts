// The price and volume ranges a frame is scaled to: over the visible candles only.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxVolume, paddedExtent, priceExtent } from '../../src/chart/extent.ts';

const candles = fc
  .array(
    fc.record({
      low: fc.double({ min: 1, max: 1000, noNaN: true }),
      spread: fc.double({ min: 0, max: 100, noNaN: true }),
      volume: fc.double({ min: 0, max: 1e6, noNaN: true }),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .chain((rows) =>
    fc
      .tuple(fc.nat(rows.length - 1), fc.nat(rows.length - 1))
      .map(([a, b]) => ({ rows, first: Math.min(a, b), last: Math.max(a, b) })),
  );

describe('frame extents', () => {
  it('are the lowest low, highest high and largest volume of the visible candles', () => {
    fc.assert(
      fc.property(candles, ({ rows, first, last }) => {
        const low = Float64Array.from(rows, (r) => r.low);
        const high = Float64Array.from(rows, (r) => r.low + r.spread);
        const volume = Float64Array.from(rows, (r) => r.volume);
        const visible = rows.slice(first, last + 1);
        const extent = priceExtent(low, high, first, last, [], { min: 0, max: 0 });
        expect(extent.min).toBe(Math.min(...visible.map((r) => r.low)));
        expect(extent.max).toBe(Math.max(...visible.map((r) => r.low + r.spread)));
        expect(maxVolume(volume, first, last)).toBe(Math.max(...visible.map((r) => r.volume)));
      }),
    );
  });

  it('widen to the moving averages drawn and ignore their gaps', () => {
    const low = Float64Array.of(10, 11);
    const high = Float64Array.of(12, 13);
    const ma = Float64Array.of(Number.NaN, 20);
    expect(priceExtent(low, high, 0, 1, [ma], { min: 0, max: 0 })).toEqual({ min: 10, max: 20 });
  });

  it('leave room above and below, and give a flat market a band', () => {
    const padded = paddedExtent({ min: 100, max: 200 }, 2, { min: 0, max: 0 });
    expect(padded.min).toBeLessThan(100);
    expect(padded.max).toBeGreaterThan(200);
    const flat = paddedExtent({ min: 5, max: 5 }, 2, { min: 0, max: 0 });
    expect(flat.max - flat.min).toBeGreaterThan(0);
  });
});
