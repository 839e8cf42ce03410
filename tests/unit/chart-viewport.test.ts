// The chart's pan and zoom: what a trader relies on when dragging and pinching.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candleAtX,
  candleCenterX,
  clampViewport,
  initialViewport,
  isFollowingNewest,
  maxCandleWidth,
  minCandleWidth,
  pan,
  positionAtX,
  type Viewport,
  visibleRange,
  zoomAt,
} from '../../src/chart/viewport.ts';

const count = fc.integer({ min: 0, max: 100_000 });
const plotWidth = fc.double({ min: 40, max: 2000, noNaN: true });
const rawViewport = fc.record({
  candleWidth: fc.double({ min: 0.01, max: 200, noNaN: true }),
  fromEnd: fc.double({ min: -1000, max: 200_000, noNaN: true }),
});

describe('visible range', () => {
  it('always lies within the data, whatever the viewport', () => {
    fc.assert(
      fc.property(rawViewport, count, plotWidth, (raw, n, width) => {
        const { first, last } = visibleRange(clampViewport(raw, n, width), n, width);
        if (first > last) return n === 0;
        return first >= 0 && last < n;
      }),
    );
  });

  it('shows the newest candles by default', () => {
    const { first, last } = visibleRange(initialViewport, 500, 320);
    expect(last).toBe(499);
    expect(first).toBe(500 - 320 / initialViewport.candleWidth);
  });

  it('holds every candle whose slot overlaps the plot, and no other', () => {
    fc.assert(
      fc.property(rawViewport, fc.integer({ min: 1, max: 5000 }), plotWidth, (raw, n, width) => {
        const viewport = clampViewport(raw, n, width);
        const { first, last } = visibleRange(viewport, n, width);
        const half = viewport.candleWidth / 2;
        // How much of candle i's slot lies inside the plot (negative: how far outside).
        const overlap = (i: number) => {
          const x = candleCenterX(viewport, n, width, i);
          return Math.min(x + half, width) - Math.max(x - half, 0);
        };
        const eps = 1e-6;
        return (
          overlap(first) > -eps &&
          overlap(last) > -eps &&
          (first === 0 || overlap(first - 1) < eps) &&
          (last === n - 1 || overlap(last + 1) < eps)
        );
      }),
    );
  });

  it('maps a candle centre back to that candle', () => {
    fc.assert(
      fc.property(rawViewport, fc.integer({ min: 1, max: 5000 }), plotWidth, (raw, n, width) => {
        const viewport = clampViewport(raw, n, width);
        const { first, last } = visibleRange(viewport, n, width);
        for (const i of [first, last, (first + last) >> 1]) {
          if (candleAtX(viewport, n, width, candleCenterX(viewport, n, width, i)) !== i)
            return false;
        }
        return true;
      }),
    );
  });
});

describe('clamping', () => {
  it('keeps the candle width within bounds and never goes past the newest or the oldest candle', () => {
    fc.assert(
      fc.property(rawViewport, count, plotWidth, (raw, n, width) => {
        const v = clampViewport(raw, n, width);
        return (
          v.candleWidth >= minCandleWidth &&
          v.candleWidth <= maxCandleWidth &&
          v.fromEnd >= 0 &&
          (v.fromEnd === 0 || n - v.fromEnd >= width / v.candleWidth - 1e-9)
        );
      }),
    );
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(rawViewport, count, plotWidth, (raw, n, width) => {
        const once = clampViewport(raw, n, width);
        expect(clampViewport(once, n, width)).toBe(once);
      }),
    );
  });
});

describe('panning', () => {
  it('moves the candles with the finger', () => {
    const width = 300;
    const before: Viewport = { candleWidth: 10, fromEnd: 50 };
    const after = pan(before, 40, 1000, width);
    // Candle 900's centre moves right by exactly the drag.
    expect(candleCenterX(after, 1000, width, 900) - candleCenterX(before, 1000, width, 900)).toBe(
      40,
    );
  });

  it('is undone by the opposite drag away from the edges', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        (candleWidth, dx) => {
          const n = 100_000;
          const start: Viewport = { candleWidth, fromEnd: 50_000 };
          const back = pan(pan(start, dx, n, 400), -dx, n, 400);
          expect(back.fromEnd).toBeCloseTo(start.fromEnd, 6);
        },
      ),
    );
  });
});

describe('zooming', () => {
  it('keeps the candle under the focal point where it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 50_000 }),
        fc.double({ min: 2, max: 20, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, candleWidth, factor, focalShare) => {
          const width = 360;
          const focalX = focalShare * width;
          const before: Viewport = { candleWidth, fromEnd: n / 2 };
          const after = zoomAt(before, factor, focalX, n, width);
          expect(after.candleWidth).toBeCloseTo(candleWidth * factor, 9);
          expect(positionAtX(after, n, width, focalX)).toBeCloseTo(
            positionAtX(before, n, width, focalX),
            6,
          );
        },
      ),
    );
  });

  it('stops at the narrowest and widest candles', () => {
    expect(zoomAt(initialViewport, 1e6, 100, 500, 300).candleWidth).toBe(maxCandleWidth);
    expect(zoomAt(initialViewport, 1e-6, 100, 500, 300).candleWidth).toBe(minCandleWidth);
  });

  it('keeps following the newest candle when zooming at the right edge', () => {
    const after = zoomAt(initialViewport, 0.5, 300, 10_000, 300);
    expect(isFollowingNewest(after)).toBe(true);
    expect(visibleRange(after, 10_000, 300).last).toBe(9999);
  });
});
