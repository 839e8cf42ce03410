// New views from the worker: live updates, prepended history and timeframe switches, and where the
// chart's view goes for each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyChange, followChange, markOf } from '../../src/chart/view-change.ts';
import {
  candleCenterX,
  clampViewport,
  initialViewport,
  isNearLeftEdge,
  type Viewport,
  visibleRange,
} from '../../src/chart/viewport.ts';
import type { ChartView } from '../../workers/facade.ts';

const minute = 60_000;
const width = 330;

function series(firstTime: number, count: number, period: ChartView['period'] = '1m'): ChartView {
  const time = new Float64Array(count);
  const price = new Float64Array(count).fill(100);
  for (let i = 0; i < count; i++) time[i] = firstTime + i * minute;
  return {
    symbol: 'BTCUSDT',
    period,
    priceScale: 2,
    time,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: price,
    hasOlder: true,
    loading: false,
    feed: 'simulated',
    simulated: true,
  };
}

/** Open times of the first and last candle on screen. */
function onScreen(view: ChartView, viewport: Viewport) {
  const { first, last } = visibleRange(viewport, view.time.length, width);
  return [view.time[first], view.time[last]];
}

function next(previous: ChartView, viewport: Viewport, view: ChartView): Viewport {
  const moved = followChange(viewport, classifyChange(markOf(previous), view));
  return clampViewport(moved, view.time.length, width);
}

describe('a new view', () => {
  it('keeps the same candles on screen when older history is prepended', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 1, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, older, candleWidth, back) => {
          const t0 = 1_700_000_000_000;
          const before = series(t0, count);
          const viewport = clampViewport({ candleWidth, fromEnd: back * count }, count, width);
          const after = series(t0 - older * minute, count + older);
          const moved = next(before, viewport, after);
          // Every candle that was on screen is still there, at the same x.
          const { first, last } = visibleRange(viewport, count, width);
          const { first: newFirst, last: newLast } = visibleRange(moved, count + older, width);
          expect(newFirst).toBeLessThanOrEqual(first + older);
          expect(newLast).toBe(last + older);
          for (const i of [first, last]) {
            expect(candleCenterX(moved, count + older, width, i + older)).toBeCloseTo(
              candleCenterX(viewport, count, width, i),
              6,
            );
          }
        },
      ),
    );
  });

  it('keeps the newest candle in view when the user is looking at it', () => {
    const before = series(0, 300);
    const viewport = initialViewport;
    const after = series(0, 301);
    const moved = next(before, viewport, after);
    expect(visibleRange(moved, 301, width).last).toBe(300);
  });

  it('does not move a user who has panned back when a candle is added', () => {
    const before = series(0, 300);
    const viewport: Viewport = { candleWidth: 8, fromEnd: 100 };
    const after = series(0, 302);
    expect(onScreen(after, next(before, viewport, after))).toEqual(onScreen(before, viewport));
  });

  it('changes nothing when only the last candle changed', () => {
    const before = series(0, 300);
    const viewport: Viewport = { candleWidth: 8, fromEnd: 100 };
    const after = { ...series(0, 300), close: new Float64Array(300).fill(101) };
    expect(next(before, viewport, after)).toBe(viewport);
  });

  it('starts again at the newest candle on a new timeframe or market, keeping the zoom', () => {
    const before = series(0, 300);
    const viewport: Viewport = { candleWidth: 5, fromEnd: 100 };
    const hourly = series(0, 300, '1h');
    expect(classifyChange(markOf(before), hourly)).toEqual({ kind: 'reset' });
    expect(next(before, viewport, hourly)).toEqual({ candleWidth: 5, fromEnd: 0 });
    const other = { ...series(0, 300), symbol: 'ETHUSDT' };
    expect(classifyChange(markOf(before), other)).toEqual({ kind: 'reset' });
  });

  it('starts at the newest candle when the first candles arrive', () => {
    const empty = series(0, 0);
    expect(classifyChange(markOf(empty), series(0, 300))).toEqual({ kind: 'reset' });
    expect(classifyChange(null, series(0, 300))).toEqual({ kind: 'reset' });
  });

  it('counts the candles added at the end', () => {
    expect(classifyChange(markOf(series(0, 300)), series(-50 * minute, 353))).toEqual({
      kind: 'continued',
      appended: 3,
    });
  });

  it('lets a short history reach the left edge at once', () => {
    expect(isNearLeftEdge(initialViewport, 10, width)).toBe(true);
    expect(isNearLeftEdge(initialViewport, 1000, width)).toBe(false);
  });
});
