// The index: median of live sources, silent sources dropped, wild prints capped, all-silent flagged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexPrice, median } from '../../server/market/index-price.ts';

const rules = { staleMs: 10_000, maxDeviation: 0.05 };

describe('index price', () => {
  it('is the median of the live sources', () => {
    const index = new IndexPrice(rules);
    index.record('a', 100_00, 1_000);
    index.record('b', 101_00, 1_000);
    index.record('c', 99_50, 1_000);
    expect(index.read(2_000)).toMatchObject({ price: 100_00, stale: false });
    index.record('d', 100_50, 1_500);
    // Even count: the middle two averaged, half rounded up.
    expect(index.read(2_000).price).toBe(100_25);
  });

  it('drops a source silent for longer than the limit', () => {
    const index = new IndexPrice(rules);
    index.record('a', 100_00, 0);
    index.record('b', 102_00, 9_000);
    index.record('c', 102_20, 9_000);
    expect(index.read(9_000).sources).toEqual(['a', 'b', 'c']);
    const later = index.read(10_001);
    expect(later.sources).toEqual(['b', 'c']);
    expect(later.price).toBe(102_10);
  });

  it('caps a source that jumps beyond the band around the previous index', () => {
    const index = new IndexPrice(rules);
    index.record('a', 100_00, 0);
    expect(index.read(0).price).toBe(100_00);
    index.record('a', 200_00, 1_000);
    expect(index.read(1_000).price).toBe(105_00);
    // A real move gets there, one band per reading.
    expect(index.read(1_100).price).toBe(110_25);
  });

  it('flags the index stale when every source is silent, keeping the last value', () => {
    const index = new IndexPrice(rules);
    index.record('a', 100_00, 0);
    index.record('b', 100_20, 0);
    const live = index.read(5_000);
    const silent = index.read(20_000);
    expect(silent).toEqual({ price: live.price, stale: true, sources: [], ts: 0 });
    index.record('b', 100_40, 21_000);
    expect(index.read(21_000)).toMatchObject({ price: 100_40, stale: false });
  });

  it('has no price before any source printed, and that is stale too', () => {
    expect(new IndexPrice(rules).read(0)).toMatchObject({ price: null, stale: true });
  });

  it('ignores a print older than the one kept for its source', () => {
    const index = new IndexPrice(rules);
    index.record('a', 100_00, 5_000);
    index.record('a', 90_00, 4_000);
    expect(index.read(5_000).price).toBe(100_00);
  });

  it('median lies between the middle values of any set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1e12 }), { minLength: 1, maxLength: 9 }),
        (values) => {
          const sorted = [...values].sort((a, b) => a - b);
          const m = median(values);
          const low = sorted[Math.floor((sorted.length - 1) / 2)] as number;
          const high = sorted[Math.ceil((sorted.length - 1) / 2)] as number;
          expect(m).toBeGreaterThanOrEqual(low);
          expect(m).toBeLessThanOrEqual(high);
          expect(Number.isInteger(m)).toBe(true);
        },
      ),
    );
  });
});
