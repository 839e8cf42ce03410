// The frame's scales, from d3-scale: price and volume as linear scales, time as a UTC scale (candle
// buckets are UTC, core/market/periods.ts). The candle and bar loops read the linear scales' two
// coefficients from the frame's geometry rather than calling a scale a thousand times a frame.
import { type ScaleLinear, type ScaleTime, scaleLinear, scaleUtc } from 'd3-scale';
import type { Extent } from './extent.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLayout } from './layout.ts';

/** The tallest bar stops short of the volume pane's top, under the volume label. */
const volumeHeadroom = 12;

export interface FrameScales {
  price: ScaleLinear<number, number>;
  volume: ScaleLinear<number, number>;
  time: ScaleTime<number, number>;
}

export function createScales(): FrameScales {
  return { price: scaleLinear(), volume: scaleLinear(), time: scaleUtc() };
}

/**
 * Prices `shown` over the price pane, top price at the top. The domain is not `nice()`d: rounding
 * it out to the next tick would make the candles jump by a tick step while panning and leave up to
 * a step of the pane empty on a phone; the ticks are round numbers anyway.
 */
export function fitPrice(
  scale: ScaleLinear<number, number>,
  shown: Extent,
  layout: ChartLayout,
  g: FrameGeometry,
): void {
  const { top, bottom } = layout.price;
  scale.domain([shown.min, shown.max]).range([bottom, top]);
  g.priceA = (top - bottom) / (shown.max - shown.min);
  g.priceB = bottom - g.priceA * shown.min;
}

/**
 * Volumes from 0 to the highest visible one, `nice()`d, so the pane's top stands for a round
 * volume its label can name. Answers that top (0 when nothing traded).
 */
export function fitVolume(
  scale: ScaleLinear<number, number>,
  highest: number,
  layout: ChartLayout,
  g: FrameGeometry,
): number {
  const { top, bottom } = layout.volume;
  scale
    .domain([0, Math.max(highest, 0)])
    .range([bottom, top + volumeHeadroom])
    .nice();
  const roundTop = scale.domain()[1] ?? 0;
  g.volumeA = roundTop > 0 ? (top + volumeHeadroom - bottom) / roundTop : 0;
  g.volumeB = bottom;
  return roundTop;
}

/**
 * The visible candles' times over their centres, for the round times between them. The span
 * starts just after the candle before the first visible one, so the first visible candle of a
 * month still finds its month's round time.
 */
export function fitTime(
  scale: ScaleTime<number, number>,
  time: ArrayLike<number>,
  g: FrameGeometry,
): void {
  const { first, last } = g;
  if (first > last) return;
  const before = first > 0 ? first - 1 : first;
  const start = (time[before] ?? 0) + (before < first ? 1 : 0);
  const stop = Math.max(start, time[last] ?? start);
  scale.domain([start, stop]).range([g.x0 + before * g.step, g.x0 + last * g.step]);
}
