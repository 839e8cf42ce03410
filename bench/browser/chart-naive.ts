// The baseline the chart is measured against: the straightforward way to draw the same frame.
// Every candle, bar and average of the whole history is computed and drawn, each candle and bar
// with its own path, fill and stroke, and the canvas clips what falls outside; the price range
// is found by looking at every candle.
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { drawPriceGrid, drawTimeAxis, drawVolumeScale } from '../../src/chart/draw-axes.ts';
import type { FrameInput } from '../../src/chart/draw-frame.ts';
import { drawLatestPrice } from '../../src/chart/draw-latest.ts';
import { emptyGeometry } from '../../src/chart/geometry.ts';
import { maPeriods } from '../../src/chart/moving-average.ts';
import { createScales, fitTime } from '../../src/chart/scales.ts';
import { timeTickCandles, timeTickInterval } from '../../src/chart/time-axis.ts';
import { candleCenterX, visibleRange } from '../../src/chart/viewport.ts';

/** An average over the whole history (a running sum: the baseline is naive in scope, not in maths). */
function fullAverage(close: Float64Array, period: number): Float64Array {
  const out = new Float64Array(close.length);
  let sum = 0;
  for (let i = 0; i < close.length; i++) {
    sum += close[i] ?? 0;
    if (i >= period) sum -= close[i - period] ?? 0;
    out[i] = i >= period - 1 ? sum / period : Number.NaN;
  }
  return out;
}

export function paintNaive(ctx: CanvasRenderingContext2D, input: FrameInput): number {
  const { view, viewport, layout, theme, labels } = input;
  const { plotWidth, price, volume, dpr, width, height } = layout;
  const count = view.time.length;
  const x = (i: number) => candleCenterX(viewport, count, plotWidth, i);
  const half = viewport.candleWidth * 0.4;

  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.font = theme.font;

  const averages = maPeriods.map((period) => fullAverage(view.close, period));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let highestVolume = 0;
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const cx = x(i);
    if (cx + half < 0 || cx - half > plotWidth) continue;
    drawn++;
    min = Math.min(min, view.low[i] ?? min);
    max = Math.max(max, view.high[i] ?? max);
    highestVolume = Math.max(highestVolume, view.volume[i] ?? 0);
    for (const average of averages) {
      const v = average[i] ?? Number.NaN;
      if (!Number.isNaN(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
  }
  const pad = (max - min) * 0.08;
  const y = scaleLinear()
    .domain([min - pad, max + pad])
    .range([price.bottom, price.top]);
  const v = scaleLinear()
    .domain([0, highestVolume])
    .range([volume.bottom, volume.top + 12])
    .nice();

  // The shared axes, so the two frames differ only in how candles, bars and averages are drawn.
  const g = emptyGeometry();
  const range = visibleRange(viewport, count, plotWidth);
  g.first = range.first;
  g.last = range.last;
  g.x0 = x(0);
  g.step = viewport.candleWidth;
  g.dpr = dpr;
  g.priceA = (price.top - price.bottom) / (max + pad - (min - pad));
  g.priceB = price.bottom - g.priceA * (min - pad);
  drawPriceGrid(ctx, y, layout, labels, theme.grid, theme.text);
  drawVolumeScale(ctx, v.domain()[1] ?? 0, layout, labels, theme.grid, theme.text);
  const step = timeTickInterval(view.period, viewport.candleWidth);
  const time = createScales().time;
  fitTime(time, view.time, g);
  const ticks = timeTickCandles(time, view.time, g.first, g.last, step, []);
  drawTimeAxis(ctx, view, g, layout, ticks, step.ms, input.time, theme.grid, theme.text);

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, plotWidth, height);
  ctx.clip();
  ctx.lineWidth = 1 / dpr;
  for (let i = 0; i < count; i++) {
    const o = view.open[i] ?? 0;
    const c = view.close[i] ?? 0;
    const colour = c >= o ? theme.up : theme.down;
    const cx = x(i);
    ctx.fillStyle = colour;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.moveTo(cx, y(view.high[i] ?? 0));
    ctx.lineTo(cx, y(view.low[i] ?? 0));
    ctx.stroke();
    ctx.beginPath();
    ctx.rect(cx - half, Math.min(y(o), y(c)), half * 2, Math.max(1 / dpr, Math.abs(y(o) - y(c))));
    ctx.fill();
    ctx.globalAlpha = 0.5;
    ctx.beginPath();
    const top = v(view.volume[i] ?? 0);
    ctx.rect(cx - half, top, half * 2, volume.bottom - top);
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  averages.forEach((values, j) => {
    ctx.beginPath();
    line<number>()
      .x((_, i) => x(i))
      .y((value) => y(value))
      .defined((value) => !Number.isNaN(value))
      .context(ctx)(values);
    ctx.strokeStyle = theme.ma[j] ?? theme.text;
    ctx.stroke();
  });
  ctx.restore();
  drawLatestPrice(ctx, view, g, layout, labels, theme.up, theme.down, theme.onColour);
  return drawn;
}
