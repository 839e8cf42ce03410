// The grid and the axes: price labels on the right on d3-array's round ticks, time labels along
// the bottom on round times, and the volume pane's scale.
import { ticks as roundTicks } from 'd3-array';
import type { ChartView } from '../../workers/facade.ts';
import type { Extent } from './extent.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import { type ChartLayout, crisp } from './layout.ts';
import { isTimeTick, minLabelSpacing, type TimeFormat } from './time-axis.ts';

/** About one price label per 48 px of pane: readable on a phone without crowding. */
const priceLabelSpacing = 48;

export function drawPriceGrid(
  ctx: CanvasRenderingContext2D,
  g: FrameGeometry,
  shown: Extent,
  layout: ChartLayout,
  labels: ChartLabels,
  grid: string,
  text: string,
): void {
  const { price, plotWidth, dpr } = layout;
  const count = Math.max(2, Math.floor((price.bottom - price.top) / priceLabelSpacing));
  const ticks = roundTicks(shown.min, shown.max, count);
  ctx.strokeStyle = grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  for (const tick of ticks) {
    const y = crisp(g.priceA * tick + g.priceB, dpr);
    if (y < price.top || y > price.bottom) continue;
    ctx.moveTo(0, y);
    ctx.lineTo(plotWidth, y);
  }
  ctx.stroke();
  ctx.fillStyle = text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const tick of ticks) {
    const y = g.priceA * tick + g.priceB;
    if (y < price.top || y > price.bottom) continue;
    ctx.fillText(labels.price(tick), plotWidth + 4, y);
  }
}

/** Vertical grid lines through both panes and their labels under the volume pane. */
export function drawTimeAxis(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  layout: ChartLayout,
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
  for (let i = g.first; i <= g.last; i++) {
    if (!isTimeTick(time[i] ?? 0, time[i - 1] ?? Number.NaN, interval)) continue;
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
  for (let i = g.first; i <= g.last; i++) {
    const t = time[i] ?? 0;
    if (!isTimeTick(t, time[i - 1] ?? Number.NaN, interval)) continue;
    const x = g.x0 + i * g.step;
    // Gaps in the data can bring two round times closer than a label's width.
    if (x - lastX < minLabelSpacing || x < half * 0.6 || x > plotWidth - half * 0.6) continue;
    ctx.fillText(format.tick(t, interval), x, y);
    lastX = x;
  }
}

/** The volume pane's top value on the axis, and the line that separates the panes. */
export function drawVolumeScale(
  ctx: CanvasRenderingContext2D,
  highest: number,
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
  if (highest <= 0) return;
  ctx.fillStyle = text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(labels.volume(highest), plotWidth + 4, volume.top + 2);
}
