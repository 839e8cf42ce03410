// A market order's walk of the book (core/market/book-walk.ts): what it fills, at what average,
// with what slippage, and whether the visible book fills it whole; by quantity, and by quote
// amount as a spot market buy is sized, in whole lots as the matching engine takes them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slippagePercent, type WalkLevel, walkLevels } from '../../core/market/book-walk.ts';
import { percentOf } from '../../core/market/units.ts';

/** One side of a book, best first: prices strictly worse away from the best. */
const side = (ascending: boolean) =>
  fc
    .array(
      fc.record({
        step: fc.bigInt({ min: 1n, max: 500n }),
        size: fc.bigInt({ min: 1n, max: 10_000n }),
      }),
      { minLength: 1, maxLength: 12 },
    )
    .chain((rows) =>
      fc.bigInt({ min: 6_001n, max: 100_000n }).map((start) => {
        let price = start;
        return rows.map(({ step, size }, index): WalkLevel => {
          if (index > 0) price = ascending ? price + step : price - step;
          return [price, size];
        });
      }),
    );

const depth = (levels: readonly WalkLevel[]) => levels.reduce((sum, [, size]) => sum + size, 0n);

describe('walking the book by quantity', () => {
  it('averages between the best and the worst level it takes, and fills at most what is asked', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.bigInt({ min: 1n, max: 200_000n }), (ascending, wanted) =>
        fc.assert(
          fc.property(side(ascending), (levels) => {
            const walk = walkLevels(levels, { quantity: wanted });
            expect(walk.filled <= wanted).toBe(true);
            expect(walk.filled).toBe(wanted < depth(levels) ? wanted : depth(levels));
            expect(walk.whole).toBe(depth(levels) >= wanted);
            const { average, best, worst } = walk;
            if (average === null || best === null || worst === null) throw new Error('no fill');
            const low = best < worst ? best : worst;
            const high = best < worst ? worst : best;
            expect(average >= low && average <= high).toBe(true);
            expect(best).toBe(levels[0]?.[0]);
          }),
          { numRuns: 5 },
        ),
      ),
      { numRuns: 40 },
    );
  });

  it('says what it filled and where', () => {
    const asks: WalkLevel[] = [
      [100n, 2n],
      [101n, 3n],
      [105n, 1n],
    ];
    // 2 × 100 + 2 × 101 = 402 for 4: 100.5, rounded half up.
    expect(walkLevels(asks, { quantity: 4n })).toEqual({
      filled: 4n,
      spent: 402n,
      average: 101n,
      best: 100n,
      worst: 101n,
      whole: true,
    });
    const short = walkLevels(asks, { quantity: 9n });
    expect(short).toMatchObject({ filled: 6n, spent: 608n, worst: 105n, whole: false });
    expect(walkLevels([], { quantity: 1n })).toMatchObject({ filled: 0n, average: null });
  });
});

describe('walking the asks by quote amount (a spot market buy)', () => {
  it('spends at most the amount, in whole lots, and all but less than a lot when the book holds enough', () => {
    fc.assert(
      fc.property(
        side(true),
        fc.bigInt({ min: 1n, max: 50_000_000n }),
        fc.bigInt({ min: 1n, max: 20n }),
        (levels, quote, lot) => {
          // A resting order is whole lots, as the engine takes it.
          const asks = levels.map(([price, size]): WalkLevel => [price, size * lot]);
          const walk = walkLevels(asks, { quote }, lot);
          expect(walk.spent <= quote).toBe(true);
          expect(walk.filled % lot).toBe(0n);
          const value = asks.reduce((sum, [price, size]) => sum + price * size, 0n);
          const worstPrice = asks[asks.length - 1]?.[0] ?? 0n;
          if (value >= quote + worstPrice * lot) {
            expect(walk.whole).toBe(true);
            expect(quote - walk.spent < (walk.worst ?? worstPrice) * lot).toBe(true);
          }
          if (walk.average !== null && walk.best !== null && walk.worst !== null) {
            expect(walk.average >= walk.best && walk.average <= walk.worst).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops where the money left buys no lot', () => {
    const asks: WalkLevel[] = [
      [100n, 2n],
      [150n, 10n],
    ];
    // 200 buys the first level; 120 more buys nothing at 150.
    expect(walkLevels(asks, { quote: 320n })).toMatchObject({
      filled: 2n,
      spent: 200n,
      whole: true,
    });
    expect(walkLevels(asks, { quote: 5_000n })).toMatchObject({
      filled: 12n,
      spent: 1_700n,
      whole: false,
    });
  });
});

describe('slippage', () => {
  it('is positive when the average is worse than the reference, for either side', () => {
    expect(slippagePercent('buy', 10_050n, 10_000n)).toBe('0.50');
    expect(slippagePercent('sell', 9_950n, 10_000n)).toBe('0.50');
    expect(slippagePercent('sell', 10_010n, 10_000n)).toBe('-0.10');
    expect(slippagePercent('buy', null, 10_000n)).toBeNull();
  });

  it('rounds as the percentages elsewhere do, half away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (average, reference) => {
          expect(slippagePercent('buy', average, reference)).toBe(
            percentOf(average - reference, reference),
          );
        },
      ),
    );
  });
});
