// The moving-average stroke (d3-shape's line generator drawing on the canvas) passes through every
// defined value at its candle's centre and price, in order, and starts again after every NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMaStroke } from '../../src/chart/draw-ma.ts';
import { emptyGeometry, type FrameGeometry } from '../../src/chart/geometry.ts';

type Call = [name: 'moveTo' | 'lineTo', x: number, y: number];

/** A canvas context that keeps the path calls made on it. */
function recorder() {
  const calls: Call[] = [];
  const ctx = {
    beginPath() {},
    closePath() {},
    stroke() {},
    moveTo: (x: number, y: number) => calls.push(['moveTo', x, y]),
    lineTo: (x: number, y: number) => calls.push(['lineTo', x, y]),
    lineWidth: 1,
    strokeStyle: '',
  };
  return { calls, ctx: ctx as unknown as CanvasRenderingContext2D };
}

/** What the line must trace, written plainly: a move at each run's start, a line to the rest. */
function expectedCalls(g: FrameGeometry, values: Float64Array): Call[] {
  const calls: Call[] = [];
  let drawing = false;
  values.forEach((value, k) => {
    if (Number.isNaN(value)) {
      drawing = false;
      return;
    }
    calls.push([
      drawing ? 'lineTo' : 'moveTo',
      g.x0 + (g.first + k) * g.step,
      g.priceA * value + g.priceB,
    ]);
    drawing = true;
  });
  return calls;
}

const geometries = fc.record({
  first: fc.integer({ min: 0, max: 5_000 }),
  x0: fc.double({ min: -500, max: 500, noNaN: true }),
  step: fc.double({ min: 0.5, max: 40, noNaN: true }),
  priceA: fc.double({ min: -10, max: -1e-6, noNaN: true }),
  priceB: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  dpr: fc.constantFrom(1, 2, 3),
});
/** A moving average: NaN until its window fills, and wherever a candle is missing. */
const averages = fc
  .array(fc.oneof(fc.constant(Number.NaN), fc.double({ min: 0, max: 1e6, noNaN: true })), {
    maxLength: 300,
  })
  .map((values) => Float64Array.from(values));

describe('the moving-average stroke', () => {
  it('moves to the start of every run of values and draws a line through the rest', () => {
    fc.assert(
      fc.property(geometries, averages, (frame, values) => {
        const g = { ...emptyGeometry(), ...frame };
        const { calls, ctx } = recorder();
        createMaStroke(g)(ctx, values, '#f0b90b');
        expect(calls).toEqual(expectedCalls(g, values));
      }),
      { numRuns: 1_000 },
    );
  });

  it('draws nothing for a line with no value yet', () => {
    const { calls, ctx } = recorder();
    createMaStroke(emptyGeometry())(ctx, new Float64Array([Number.NaN, Number.NaN]), '#fff');
    expect(calls).toEqual([]);
  });
});
