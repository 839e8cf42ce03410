// What a new ChartView did to the candles the chart already had, and where the view goes next:
// history prepended or trimmed at the start moves nothing (the viewport counts from the newest
// candle), new candles at the end are followed only by a user looking at the newest one, and a
// new market or timeframe starts again at the newest candle.
import type { ChartView } from '../../workers/facade.ts';
import { indexAtTime } from './time-search.ts';
import { isFollowingNewest, type Viewport } from './viewport.ts';

/** What the chart remembers of the view it drew last. */
export interface SeriesMark {
  symbol: string;
  period: string;
  count: number;
  /** Open time of the newest candle; NaN when there was none. */
  lastTime: number;
}

export function markOf(view: ChartView): SeriesMark {
  const count = view.time.length;
  return {
    symbol: view.symbol,
    period: view.period,
    count,
    lastTime: count > 0 ? (view.time[count - 1] ?? Number.NaN) : Number.NaN,
  };
}

export type SeriesChange = { kind: 'reset' } | { kind: 'continued'; appended: number };

export function classifyChange(previous: SeriesMark | null, next: ChartView): SeriesChange {
  if (!previous || previous.symbol !== next.symbol || previous.period !== next.period) {
    return { kind: 'reset' };
  }
  // An empty series before (first load) or now (reloading): start again at the newest candle.
  if (previous.count === 0 || next.time.length === 0) return { kind: 'reset' };
  const at = indexAtTime(next.time, previous.lastTime);
  if (at === -1) return { kind: 'reset' };
  return { kind: 'continued', appended: next.time.length - 1 - at };
}

/** Where the view goes after `change`. */
export function followChange(viewport: Viewport, change: SeriesChange): Viewport {
  if (change.kind === 'reset') return { candleWidth: viewport.candleWidth, fromEnd: 0 };
  if (change.appended === 0) return viewport;
  if (isFollowingNewest(viewport)) return { candleWidth: viewport.candleWidth, fromEnd: 0 };
  return { candleWidth: viewport.candleWidth, fromEnd: viewport.fromEnd + change.appended };
}
