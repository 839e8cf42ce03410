// The depth chart's words and figures, by the one figures formatter (core/figures.ts): prices at
// the book's decimals, totals at the decimals their tick step needs (compact from whole units up,
// `12K`), and the chart's name, which says what the picture shows.
import { dash, formatAtScale, formatCompact, withUnit } from '../../core/figures.ts';
import type { DepthCurve } from '../../core/market/depth-curve.ts';

/** A price tick at `places` decimals. */
export function depthPrice(value: number, places: number, locale: string): string {
  return Number.isFinite(value) ? formatAtScale(value.toFixed(places), places, locale) : dash;
}

/** A total tick: as many decimals as the ticks' `step` needs, so 0.002 and 0.004 stay apart. */
export function depthTotal(value: number, step: number, locale: string): string {
  if (!Number.isFinite(value)) return dash;
  if (step >= 1) return formatCompact(String(value), locale);
  const places = Math.min(8, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));
  return formatAtScale(value.toFixed(places), places, locale);
}

/** The figures the chart's accessible name is filled with. */
export function depthNameValues(
  curve: DepthCurve,
  reach: { low: string; high: string },
  base: string,
  locale: string,
): Record<string, string> {
  const whole = (points: DepthCurve['bids']) =>
    withUnit(
      formatAtScale(points[points.length - 1]?.exactTotal ?? '0', undefined, locale),
      base,
      locale,
    );
  return {
    bids: whole(curve.bids),
    asks: whole(curve.asks),
    low: reach.low,
    high: reach.high,
  };
}
