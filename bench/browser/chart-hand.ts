// The chart's frame as it was drawn before its scales and lines came from d3-scale and d3-shape:
// the baseline the chart's redraw is measured against in the same run. Price ticks from d3-array's
// `ticks()`, the volume pane scaled to its highest bar, time labels found by testing every visible
// candle's open time against the round interval, and the moving averages traced by a hand loop.
// Candles, bars, the latest price and the legend are the chart's own, so the two frames differ
// only in those four. The bench draws no crosshair and no levels, so neither is here.
import { ticks as roundTicks } from 'd3-array';
import { periodMs } from '../../core/market/periods.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { drawCandles } from '../../src/chart/draw-candles.ts';
import type { FrameInput } from '../../src/chart/draw-frame.ts';
import { drawLatestPrice } from '../../src/chart/draw-latest.ts';
import { drawMaLegend } from '../../src/chart/draw-ma.ts';
import { drawVolume } from '../../src/chart/draw-volume.ts';
import { type Extent, maxVolume, paddedExtent, priceExtent } from '../../src/chart/extent.ts';
import { emptyGeometry, type FrameGeometry } from '../../src/chart/geometry.ts';
import { type ChartLayout, crisp } from '../../src/chart/layout.ts';
import { maPeriods, movingAverage } from '../../src/chart/moving-average.ts';
import { minLabelSpacing } from '../../src/chart/time-axis.ts';
import { candleCenterX, visibleRange } from '../../src/chart/viewport.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const intervals = [
  minute,
  5 * minute,
  15 * minute,
  30 * minute,
  hour,
  2 * hour,
  4 * hour,
  6 * hour,
  12 * hour,
  day,
  2 * day,
  5 * day,
  10 * day,
  30 * day,
  90 * day,
  180 * day,
  360 * day,
];
const priceLabelSpacing = 48;

function timeTickInterval(period: KlinePeriod, candleWidth: number): number {
  const length = periodMs[period];
  for (const interval of intervals) {
    if (interval >= length && (interval / length) * candleWidth >= minLabelSpacing) return interval;
  }
  return 360 * day;
}

/** Months since year 0 of a UTC time, without allocating a Date (H. Hinnant's civil_from_days). */
function utcMonthIndex(time: number): number {
  const z = Math.floor(time / day) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 2 : mp - 10;
  const year = yoe + era * 400 + (mp < 10 ? 0 : 1);
  return year * 12 + month;
}

function isTimeTick(time: number, previous: number, interval: number): boolean {
  if (interval < 30 * day) return time % interval === 0;
  const monthIndex = utcMonthIndex(time);
  if (monthIndex === utcMonthIndex(previous)) return false;
  return monthIndex % Math.round(interval / (30 * day)) === 0;
}

function drawPriceGrid(
  ctx: CanvasRenderingContext2D,
  g: FrameGeometry,
  shown: Extent,
  layout: ChartLayout,
  input: FrameInput,
): void {
  const { price, plotWidth, dpr } = layout;
  const count = Math.max(2, Math.floor((price.bottom - price.top) / priceLabelSpacing));
  const ticks = roundTicks(shown.min, shown.max, count);
  ctx.strokeStyle = input.theme.grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  for (const tick of ticks) {
    const y = crisp(g.priceA * tick + g.priceB, dpr);
    if (y < price.top || y > price.bottom) continue;
    ctx.moveTo(0, y);
    ctx.lineTo(plotWidth, y);
  }
  ctx.stroke();
  ctx.fillStyle = input.theme.text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const tick of ticks) {
    const y = g.priceA * tick + g.priceB;
    if (y < price.top || y > price.bottom) continue;
    ctx.fillText(input.labels.price(tick), plotWidth + 4, y);
  }
}

function drawTimeAxis(
  ctx: CanvasRenderingContext2D,
  g: FrameGeometry,
  layout: ChartLayout,
  interval: number,
  input: FrameInput,
): void {
  const { time } = input.view;
  const { plotWidth, dpr } = layout;
  ctx.strokeStyle = input.theme.grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  for (let i = g.first; i <= g.last; i++) {
    if (!isTimeTick(time[i] ?? 0, time[i - 1] ?? Number.NaN, interval)) continue;
    const x = crisp(g.x0 + i * g.step, dpr);
    ctx.moveTo(x, layout.price.top);
    ctx.lineTo(x, layout.volume.bottom);
  }
  ctx.stroke();
  ctx.fillStyle = input.theme.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const y = (layout.time.top + layout.time.bottom) / 2;
  const half = minLabelSpacing / 2;
  let lastX = Number.NEGATIVE_INFINITY;
  for (let i = g.first; i <= g.last; i++) {
    const t = time[i] ?? 0;
    if (!isTimeTick(t, time[i - 1] ?? Number.NaN, interval)) continue;
    const x = g.x0 + i * g.step;
    if (x - lastX < minLabelSpacing || x < half * 0.6 || x > plotWidth - half * 0.6) continue;
    ctx.fillText(input.time.tick(t, interval), x, y);
    lastX = x;
  }
}

function drawVolumeScale(
  ctx: CanvasRenderingContext2D,
  highest: number,
  layout: ChartLayout,
  input: FrameInput,
): void {
  const { volume, plotWidth, dpr, width } = layout;
  ctx.strokeStyle = input.theme.grid;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  const y = crisp(volume.top, dpr);
  ctx.moveTo(0, y);
  ctx.lineTo(width, y);
  ctx.stroke();
  if (highest <= 0) return;
  ctx.fillStyle = input.theme.text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(input.labels.volume(highest), plotWidth + 4, volume.top + 2);
}

function strokeAverage(
  ctx: CanvasRenderingContext2D,
  g: FrameGeometry,
  values: Float64Array,
  colour: string,
): void {
  ctx.beginPath();
  let drawing = false;
  for (let k = 0; k < values.length; k++) {
    const value = values[k] ?? Number.NaN;
    if (Number.isNaN(value)) {
      drawing = false;
      continue;
    }
    const x = g.x0 + (g.first + k) * g.step;
    const y = g.priceA * value + g.priceB;
    if (drawing) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    drawing = true;
  }
  ctx.lineWidth = 1 / g.dpr;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

/** The previous painter, keeping its buffers from one frame to the next as the chart's does. */
export class HandPainter {
  private readonly g = emptyGeometry();
  private readonly extent: Extent = { min: 0, max: 0 };
  private readonly padded: Extent = { min: 0, max: 0 };
  private lines: Float64Array[] = [];

  paint(ctx: CanvasRenderingContext2D, input: FrameInput): void {
    const { view, viewport, layout, theme, labels } = input;
    const { dpr, width, height, plotWidth } = layout;
    const count = view.time.length;
    const g = this.g;
    const { first, last } = visibleRange(viewport, count, plotWidth);
    const visible = Math.max(0, last - first + 1);
    g.first = first;
    g.last = last;
    g.step = viewport.candleWidth;
    g.x0 = candleCenterX(viewport, count, plotWidth, 0);
    g.dpr = dpr;

    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.font = theme.font;
    ctx.direction = 'ltr';

    if (this.lines[0]?.length !== visible) {
      this.lines = maPeriods.map(() => new Float64Array(visible));
    }
    const lines = this.lines;
    for (let j = 0; j < maPeriods.length; j++) {
      const out = lines[j];
      if (out) movingAverage(view.close, maPeriods[j] ?? 1, first, last, out);
    }
    const extent = priceExtent(view.low, view.high, first, last, lines, this.extent);
    const padded = paddedExtent(extent, view.priceScale, this.padded);
    g.priceA = (layout.price.top - layout.price.bottom) / (padded.max - padded.min);
    g.priceB = layout.price.bottom - g.priceA * padded.min;
    const highestVolume = maxVolume(view.volume, first, last);
    const volumeRoom = layout.volume.bottom - layout.volume.top - 12;
    g.volumeA = highestVolume > 0 ? -volumeRoom / highestVolume : 0;
    g.volumeB = layout.volume.bottom;

    const interval = timeTickInterval(view.period, viewport.candleWidth);
    drawPriceGrid(ctx, g, padded, layout, input);
    drawVolumeScale(ctx, highestVolume, layout, input);

    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, plotWidth, height);
    ctx.clip();
    drawTimeAxis(ctx, g, layout, interval, input);
    if (visible > 0) {
      drawVolume(ctx, view, g, theme.up, theme.down);
      drawCandles(ctx, view, g, theme.up, theme.down);
      for (let j = 0; j < lines.length; j++) {
        const values = lines[j];
        if (values) strokeAverage(ctx, g, values, theme.ma[j] ?? theme.text);
      }
    }
    ctx.restore();

    drawLatestPrice(ctx, view, g, layout, labels, theme.up, theme.down, theme.onColour);
    if (visible > 0) drawMaLegend(ctx, lines, visible - 1, theme.ma, labels, layout.price.top / 2);
  }
}
