// Moving averages over the visible candles against the textbook mean of the last n closes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movingAverage } from '../../src/chart/moving-average.ts';

function naive(close: number[], period: number, i: number): number {
  if (i < period - 1) return Number.NaN;
  let sum = 0;
  for (let j = i - period + 1; j <= i; j++) sum += close[j] ?? 0;
  return sum / period;
}

describe('movingAverage', () => {
  it('equals the mean of the last n closes for every visible candle', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.constantFrom(1, 7, 25, 99),
        fc.nat(),
        fc.nat(),
        (close, period, a, b) => {
          const first = a % close.length;
          const last = first + (b % (close.length - first));
          const out = new Float64Array(last - first + 1);
          movingAverage(Float64Array.from(close), period, first, last, out);
          for (let i = first; i <= last; i++) {
            const expected = naive(close, period, i);
            const actual = out[i - first] ?? Number.NaN;
            if (Number.isNaN(expected)) expect(actual).toBeNaN();
            else expect(actual).toBeCloseTo(expected, 6 - Math.ceil(Math.log10(expected + 1)));
          }
        },
      ),
    );
  });

  it('reads only the visible candles and their look-back', () => {
    const reads = new Set<number>();
    const close = new Proxy(new Float64Array(50_000).fill(1), {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.add(Number(key));
        return Reflect.get(target, key);
      },
    });
    movingAverage(close, 99, 40_000, 40_999, new Float64Array(1000));
    expect(Math.min(...reads)).toBe(40_000 - 98);
    expect(Math.max(...reads)).toBe(40_999);
  });
});
