// The simulated market's two sources of random numbers: the seeded one repeats exactly (tests and
// replays rely on it), the secure one never repeats (so no one can compute the next price), both
// draw strictly inside (0, 1), and both keep a held value for as long as the run reads it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secureNoise, seededNoise } from '../../server/market/feeds/noise.ts';
import { regime } from '../../server/market/feeds/price-model.ts';

const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

function draws(count: number, draw: (i: number) => number): number[] {
  return Array.from({ length: count }, (_, i) => draw(i));
}

describe('the seeded source', () => {
  it('says it is predictable', () => {
    expect(seededNoise(1).predictable).toBe(true);
  });

  it('draws the same numbers for the same seed, stream and index, in any order', () => {
    fc.assert(
      fc.property(fc.nat(), int32, int32, (seed, stream, index) => {
        const first = seededNoise(seed);
        const again = seededNoise(seed);
        expect(again.normal(stream, index + 1)).toBe(first.normal(stream, index + 1));
        expect(again.uniform(stream, index)).toBe(first.uniform(stream, index));
        expect(again.held(stream, index)).toBe(first.normal(stream, index));
      }),
    );
  });

  it('draws other numbers for another seed', () => {
    const one = draws(1000, (i) => seededNoise(7).uniform(1, i));
    const other = draws(1000, (i) => seededNoise(8).uniform(1, i));
    expect(one.filter((value, i) => value === other[i]).length).toBeLessThan(5);
  });

  it('draws strictly inside (0, 1)', () => {
    fc.assert(
      fc.property(fc.nat(), int32, int32, (seed, stream, index) => {
        const value = seededNoise(seed).uniform(stream, index);
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThan(1);
        expect(Number.isFinite(seededNoise(seed).normal(stream, index))).toBe(true);
      }),
    );
  });
});

describe('the secure source', () => {
  it('says it is not predictable', () => {
    expect(secureNoise().predictable).toBe(false);
  });

  it('never repeats: not between two sources, not for the same stream and index asked twice', () => {
    const one = secureNoise();
    const other = secureNoise();
    const first = draws(1000, (i) => one.uniform(1, i));
    expect(draws(1000, (i) => other.uniform(1, i))).not.toEqual(first);
    expect(draws(1000, (i) => one.uniform(1, i))).not.toEqual(first);
    // 32 random bits a draw: a thousand draws hold almost no repeated value.
    expect(new Set(first).size).toBeGreaterThan(990);
  });

  it('draws strictly inside (0, 1), across many refills of its buffer', () => {
    const noise = secureNoise({ bufferWords: 7 });
    const values = draws(100_000, (i) => noise.uniform(0, i));
    expect(values.every((value) => value > 0 && value < 1)).toBe(true);
    expect(draws(10_000, () => noise.normal(0, 0)).every(Number.isFinite)).toBe(true);
  });

  it('draws standard normals', () => {
    const noise = secureNoise();
    const values = draws(100_000, () => noise.normal(0, 0));
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    // The mean's standard error is 0.003: these bounds are more than six of it.
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.03);
  });

  it('holds a value for its key while the run reads it, and forgets the oldest past its bound', () => {
    const noise = secureNoise({ heldPerStream: 3 });
    const first = noise.held(6, 20_000);
    expect(noise.held(6, 20_000)).toBe(first);
    // Another stream holds its own values.
    expect(noise.held(7, 20_000)).not.toBe(first);
    noise.held(6, 20_001);
    noise.held(6, 20_002);
    expect(noise.held(6, 20_000)).toBe(first);
    noise.held(6, 20_003);
    // Four keys past a bound of three: the oldest is drawn afresh.
    expect(noise.held(6, 20_000)).not.toBe(first);
  });

  it("keeps a day's regime within a run, and draws another in another run", () => {
    const noon = Date.UTC(2026, 9, 1, 12);
    const run = secureNoise();
    const level = regime(run, 0, noon);
    expect(regime(run, 0, noon)).toBe(level);
    expect(regime(secureNoise(), 0, noon)).not.toBe(level);
  });
});
