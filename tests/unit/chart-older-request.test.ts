// Dragging to the left edge asks the worker for older candles: exactly when it is allowed, and
// once per oldest candle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterGestureStart,
  afterNewOldest,
  shouldAskOlder,
} from '../../src/chart/older-request.ts';
import {
  candleCenterX,
  isNearLeftEdge,
  leftEdgeCandles,
  pan,
  type Viewport,
} from '../../src/chart/viewport.ts';

describe('asking for older candles', () => {
  it('asks exactly when near the left edge, more exists, nothing is loading and it has not asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer(), { nil: null }),
        (count, candleWidth, drag, hasOlder, loading, askedAt) => {
          const width = 330;
          const viewport = pan({ candleWidth, fromEnd: 0 } satisfies Viewport, drag, count, width);
          // Near: the candle `leftEdgeCandles` from the oldest reaches into the plot, or lies right of it.
          const rightEdge =
            candleCenterX(viewport, count, width, leftEdgeCandles) + viewport.candleWidth / 2;
          const near = isNearLeftEdge(viewport, count, width);
          expect(near).toBe(count <= leftEdgeCandles || rightEdge > 0);
          const asks = shouldAskOlder({ askedAt }, near, { hasOlder, loading });
          expect(asks).toBe(near && hasOlder && !loading && askedAt === null);
        },
      ),
    );
  });

  it('asks again once older candles arrived, not before', () => {
    const asked = { askedAt: 1000 };
    expect(afterNewOldest(asked, 1000)).toBe(asked);
    expect(afterNewOldest(asked, 400)).toEqual({ askedAt: null });
  });

  it('lets a new drag ask again after a fetch that brought nothing, but not while loading', () => {
    const asked = { askedAt: 1000 };
    expect(afterGestureStart(asked, { loading: true })).toBe(asked);
    expect(afterGestureStart(asked, { loading: false })).toEqual({ askedAt: null });
  });

  it('treats an empty series as one oldest candle, not a new one on every view', () => {
    const asked = { askedAt: Number.NaN };
    expect(afterNewOldest(asked, Number.NaN)).toBe(asked);
  });
});
