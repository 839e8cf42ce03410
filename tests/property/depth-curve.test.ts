// The depth chart shows the cumulative book: at every price the height of a side's area is the
// total size of that side's levels at that price or better, the bids run down from the best bid
// and the asks up from the best ask, and each side ends at its whole size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DepthLevel, type DepthPoint, depthCurve } from '../../core/market/depth-curve.ts';
import { fromUnits } from '../../core/market/units.ts';
import { parseAmount } from '../../core/money.ts';
import { depthArea, depthOutline, depthScales } from '../../src/chart/depth-geometry.ts';

/** A size: up to 8 decimals, trailing zeros sometimes written and sometimes not. */
const size = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.boolean())
  .map(([atoms, trim]) => {
    const text = fromUnits(atoms, 8);
    return trim ? text.replace(/\.?0+$/, '') : text;
  });

/** A book around a mid price of cents: bids below it, asks above, in any order, prices repeating. */
const books = fc
  .record({
    mid: fc.integer({ min: 1_000, max: 10_000_000 }),
    bids: fc.array(fc.tuple(fc.integer({ min: 1, max: 999 }), size), { maxLength: 30 }),
    asks: fc.array(fc.tuple(fc.integer({ min: 1, max: 999 }), size), { maxLength: 30 }),
  })
  .map(({ mid, bids, asks }) => ({
    bids: bids.map(([below, amount]): DepthLevel => [fromUnits(mid - below, 2), amount]),
    asks: asks.map(([above, amount]): DepthLevel => [fromUnits(mid + above, 2), amount]),
  }));

/** What the height must be at `price`, summed exactly from the levels themselves. */
function sizeAtOrBetter(levels: readonly DepthLevel[], price: number, bid: boolean): number {
  let atoms = 0n;
  for (const [levelPrice, amount] of levels) {
    const p = Number(levelPrice);
    if (bid ? p >= price : p <= price) atoms += parseAmount(amount) ?? 0n;
  }
  return Number(fromUnits(atoms, 8));
}

function wholeSize(levels: readonly DepthLevel[]): number {
  return Number(
    fromUnits(
      levels.reduce((sum, [, a]) => sum + (parseAmount(a) ?? 0n), 0n),
      8,
    ),
  );
}

/** The polygon a canvas would fill: the area's moves and lines, recorded. */
function polygonOf(draw: (ctx: CanvasRenderingContext2D) => void): [number, number][] {
  const points: [number, number][] = [];
  const ctx = {
    moveTo: (x: number, y: number) => points.push([x, y]),
    lineTo: (x: number, y: number) => points.push([x, y]),
    closePath() {},
  };
  draw(ctx as unknown as CanvasRenderingContext2D);
  return points;
}

/** Even-odd rule: whether (x, y) is inside the closed polygon. */
function inside(polygon: readonly [number, number][], x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as [number, number];
    const [xj, yj] = polygon[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

describe('the depth curve', () => {
  it('is the cumulative book: each point the size at its price or better, best price first', () => {
    fc.assert(
      fc.property(books, ({ bids, asks }) => {
        const curve = depthCurve(bids, asks);
        for (const [points, levels, bid] of [
          [curve.bids, bids, true],
          [curve.asks, asks, false],
        ] as const) {
          expect(points.length).toBe(new Set(levels.map(([p]) => Number(p))).size);
          points.forEach((point, k) => {
            const previous = points[k - 1];
            if (previous) {
              // Bids descend and asks ascend, and the totals only grow.
              expect(bid ? point.price < previous.price : point.price > previous.price).toBe(true);
              expect(point.total).toBeGreaterThan(previous.total);
            }
            expect(point.total).toBe(sizeAtOrBetter(levels, point.price, bid));
            expect(Number(point.exactTotal)).toBe(point.total);
          });
          expect(points.at(-1)?.total ?? 0).toBe(wholeSize(levels));
          // The whole size, exactly: the atoms of every level, added as integers.
          const atoms = levels.reduce((sum, [, amount]) => sum + (parseAmount(amount) ?? 0n), 0n);
          expect(parseAmount(points.at(-1)?.exactTotal ?? '0')).toBe(atoms);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out a level whose price or size is not a plain decimal', () => {
    const curve = depthCurve(
      [
        ['100', '1'],
        ['99', 'NaN'],
        ['1e3', '2'],
      ],
      [],
    );
    expect(curve.bids).toEqual([{ price: 100, total: 1, exactTotal: '1' }]);
  });
});

describe('the depth areas', () => {
  it('fill exactly up to the cumulative size at every price between the levels', () => {
    fc.assert(
      fc.property(books, ({ bids, asks }) => {
        const curve = depthCurve(bids, asks);
        const scales = depthScales(curve, { width: 320, top: 8, bottom: 300 });
        if (!scales) {
          expect(bids.length + asks.length).toBe(0);
          return;
        }
        const [left, right] = scales.x.domain() as [number, number];
        const shape = depthArea(scales);
        for (const [points, levels, bid, edge] of [
          [curve.bids, bids, true, left],
          [curve.asks, asks, false, right],
        ] as const) {
          const polygon = polygonOf((ctx) => shape.context(ctx)(depthOutline(points, edge)));
          // Prices between neighbouring corners, past the deepest one, and before the best.
          const corners = [scales.mid, ...points.map((p: DepthPoint) => p.price), edge];
          for (let k = 0; k + 1 < corners.length; k++) {
            const a = corners[k] as number;
            const b = corners[k + 1] as number;
            const price = (a + b) / 2;
            const x = scales.x(price);
            if (Math.abs(scales.x(a) - scales.x(b)) < 1e-3) continue;
            const height = scales.y(sizeAtOrBetter(levels, price, bid));
            const base = scales.y(0);
            const room = Math.min(0.5, (base - height) / 2);
            if (base - height > 1e-6) {
              expect(inside(polygon, x, height + room)).toBe(true);
            }
            expect(inside(polygon, x, height - 0.5)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reach the edge of the price axis at the side’s whole size', () => {
    const curve = depthCurve(
      [
        ['100', '1'],
        ['98', '2'],
      ],
      [['101', '4']],
    );
    expect(depthOutline(curve.bids, 90).at(-1)).toEqual({ price: 90, total: 3, exactTotal: '3' });
    expect(depthOutline(curve.asks, 110).at(-1)).toEqual({
      price: 110,
      total: 4,
      exactTotal: '4',
    });
    expect(depthOutline([], 90)).toEqual([]);
  });
});
