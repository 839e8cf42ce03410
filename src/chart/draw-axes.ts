// The grid and the axes: price labels on the right on the price scale's round ticks, time labels
// along the bottom on the candles the time axis picks, and the volume pane's round top.
import type { ScaleLinear } from 'd3-scale';
import type { ChartView } from '../../workers/facade.ts';
import { tagHeight } from './draw-tag.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import { type ChartLayout, crisp } from './layout.ts';
import { minLabelSpacing, type TimeFormat } from './time-axis.ts';

/** About one price label per 48 px of pane: readable on a phone without crowding. */
const priceLabelSpacing = 48;

/**
 * The price pane's grid lines and their labels. A label the latest price's tag would cover
 * (`tagY`, its middle) is left out: the tag says the price there, and half a label under it
 * would read as another number.
 */
export function drawPriceGrid(
  ctx: CanvasRenderingContext2D,
  scale: ScaleLinear<number, number>,
  layout: ChartLayout,
  labels: ChartLabels,
  grid: string,
  text: string,
  tagY: number | null = null,
): void {
  const { price, plotWidth, dpr } = layout;
  const count = Math.max(2, Math.floor((price.bottom - price.top) / priceLabelSpacing));
  const ticks = scale.ticks(count);
  ctx.strokeStyle = grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  for (const tick of ticks) {
    const y = crisp(scale(tick), dpr);
    if (y < price.top || y > price.bottom) continue;
    ctx.moveTo(0, y);
    ctx.lineTo(plotWidth, y);
  }
  ctx.stroke();
  ctx.fillStyle = text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const tick of ticks) {
    const y = scale(tick);
    if (y < price.top || y > price.bottom) continue;
    if (tagY !== null && Math.abs(y - tagY) < tagHeight) continue;
    ctx.fillText(labels.price(tick), plotWidth + 4, y);
  }
}

/** Vertical grid lines through both panes at the labelled candles, and their labels below. */
export function drawTimeAxis(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  layout: ChartLayout,
  candles: readonly number[],
  interval: number,
  format: TimeFormat,
  grid: string,
  text: string,
): void {
  const { time } = view;
  const { plotWidth, dpr } = layout;
  ctx.strokeStyle = grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  for (const i of candles) {
    const x = crisp(g.x0 + i * g.step, dpr);
    ctx.moveTo(x, layout.price.top);
    ctx.lineTo(x, layout.volume.bottom);
  }
  ctx.stroke();
  ctx.fillStyle = text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const y = (layout.time.top + layout.time.bottom) / 2;
  const half = minLabelSpacing / 2;
  let lastX = Number.NEGATIVE_INFINITY;
  for (const i of candles) {
    const x = g.x0 + i * g.step;
    // Gaps in the data can bring two round times closer than a label's width.
    if (x - lastX < minLabelSpacing || x < half * 0.6 || x > plotWidth - half * 0.6) continue;
    ctx.fillText(format.tick(time[i] ?? 0, interval), x, y);
    lastX = x;
  }
}

/** The volume pane's round top value on the axis, and the line that separates the panes. */
export function drawVolumeScale(
  ctx: CanvasRenderingContext2D,
  top: number,
  layout: ChartLayout,
  labels: ChartLabels,
  grid: string,
  text: string,
): void {
  const { volume, plotWidth, dpr, width } = layout;
  ctx.strokeStyle = grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  const y = crisp(volume.top, dpr);
  ctx.moveTo(0, y);
  ctx.lineTo(width, y);
  ctx.stroke();
  if (top <= 0) return;
  ctx.fillStyle = text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(labels.volume(top), plotWidth + 4, volume.top + 2);
}
