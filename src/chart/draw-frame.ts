// One frame of the chart, from the candles and the viewport to pixels. Only the visible candles
// are read: the moving averages, the price and volume ranges and every path are computed over
// them (plus the averages' look-back), so the cost follows what is on screen, not the history.
import type { ChartView } from '../../workers/facade.ts';
import type { CrosshairPoint } from './crosshair.ts';
import { drawPriceGrid, drawTimeAxis, drawVolumeScale } from './draw-axes.ts';
import { drawCandles } from './draw-candles.ts';
import { drawCrosshair } from './draw-crosshair.ts';
import { drawLatestPrice, latestTagY } from './draw-latest.ts';
import { type ChartLevel, drawLevels } from './draw-levels.ts';
import { createMaStroke, drawMaLegend, type MaStroke } from './draw-ma.ts';
import { drawVolume } from './draw-volume.ts';
import { type Extent, maxVolume, paddedExtent, priceExtent } from './extent.ts';
import { emptyGeometry, type FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import type { ChartLayout } from './layout.ts';
import { maPeriods, movingAverage } from './moving-average.ts';
import { createScales, type FrameScales, fitPrice, fitTime, fitVolume } from './scales.ts';
import type { ChartTheme } from './theme.ts';
import { type TimeFormat, timeTickCandles, timeTickInterval } from './time-axis.ts';
import { candleAtX, candleCenterX, type Viewport, visibleRange } from './viewport.ts';

export interface FrameInput {
  view: ChartView;
  viewport: Viewport;
  layout: ChartLayout;
  theme: ChartTheme;
  labels: ChartLabels;
  time: TimeFormat;
  crosshair: CrosshairPoint | null;
  /** Price levels drawn over the candles (the opening prices of open contracts). */
  levels?: readonly ChartLevel[];
}

export interface FrameStats {
  /** Candles drawn (at least partly visible). */
  candles: number;
  /** Open times of the first and last drawn candle; NaN when none is. */
  firstTime: number;
  lastTime: number;
  /** The candle under the crosshair, or -1. */
  crosshairIndex: number;
}

/** Draws frames, keeping its buffers, scales and generators from one frame to the next. */
export class ChartPainter {
  private readonly g: FrameGeometry = emptyGeometry();
  private readonly scales: FrameScales = createScales();
  private readonly timeTicks: number[] = [];
  private readonly stroke: MaStroke = createMaStroke(this.g);
  private readonly extent: Extent = { min: 0, max: 0 };
  private readonly padded: Extent = { min: 0, max: 0 };
  private buffers: Float64Array[] = [];
  /** The averages' values over the visible candles: views of `buffers`. */
  private lines: Float64Array[] = [];
  private capacity = 0;
  private readonly stats: FrameStats = {
    candles: 0,
    firstTime: Number.NaN,
    lastTime: Number.NaN,
    crosshairIndex: -1,
  };

  paint(ctx: CanvasRenderingContext2D, input: FrameInput): FrameStats {
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

    const lines = this.averages(view.close, first, last, visible);
    const extent = priceExtent(view.low, view.high, first, last, lines, this.extent);
    const padded = paddedExtent(extent, view.priceScale, this.padded);
    const scales = this.scales;
    fitPrice(scales.price, padded, layout, g);
    const volumeTop = fitVolume(scales.volume, maxVolume(view.volume, first, last), layout, g);
    fitTime(scales.time, view.time, g);
    const step = timeTickInterval(view.period, viewport.candleWidth);
    const ticks = timeTickCandles(scales.time, view.time, first, last, step, this.timeTicks);

    const tagY = latestTagY(view, g, layout);
    drawPriceGrid(ctx, scales.price, layout, labels, theme.grid, theme.text, tagY);
    drawVolumeScale(ctx, volumeTop, layout, labels, theme.grid, theme.text);

    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, plotWidth, height);
    ctx.clip();
    drawTimeAxis(ctx, view, g, layout, ticks, step.ms, input.time, theme.grid, theme.text);
    if (visible > 0) {
      drawVolume(ctx, view, g, theme.up, theme.down);
      drawCandles(ctx, view, g, theme.up, theme.down);
      for (let j = 0; j < lines.length; j++) {
        const values = lines[j];
        if (values) this.stroke(ctx, values, theme.ma[j] ?? theme.text);
      }
    }
    ctx.restore();

    drawLatestPrice(ctx, view, g, layout, labels, theme.up, theme.down, theme.onColour);
    if (input.levels && input.levels.length > 0) drawLevels(ctx, input.levels, g, layout, theme);
    const point = input.crosshair;
    // A finger on the price axis still reads the newest candle beside it.
    const hoveredX = point ? Math.max(0, Math.min(point.x, plotWidth - 0.01)) : 0;
    const hovered = point ? candleAtX(viewport, count, plotWidth, hoveredX) : -1;
    if (point && hovered >= 0) {
      drawCrosshair(ctx, view, hovered, point, g, layout, labels, input.time, theme);
    }
    if (visible > 0) {
      const legendAt = hovered >= first && hovered <= last ? hovered - first : visible - 1;
      drawMaLegend(ctx, lines, legendAt, theme.ma, labels, layout.price.top / 2);
    }

    const stats = this.stats;
    stats.candles = visible;
    stats.firstTime = visible > 0 ? (view.time[first] ?? Number.NaN) : Number.NaN;
    stats.lastTime = visible > 0 ? (view.time[last] ?? Number.NaN) : Number.NaN;
    stats.crosshairIndex = hovered;
    return stats;
  }

  /** The three averages over the visible candles, in buffers that only grow. */
  private averages(close: Float64Array, first: number, last: number, visible: number) {
    if (visible > this.capacity) {
      this.capacity = Math.max(64, 2 ** Math.ceil(Math.log2(visible)));
      this.buffers = maPeriods.map(() => new Float64Array(this.capacity));
      this.lines = [];
    }
    // d3's line generator reads a series' length, so each average is a view of exactly the
    // visible candles, made again only when their number changes.
    if (this.lines.length === 0 || this.lines[0]?.length !== visible) {
      this.lines = this.buffers.map((buffer) => buffer.subarray(0, visible));
    }
    for (let j = 0; j < maPeriods.length; j++) {
      const out = this.lines[j];
      if (out) movingAverage(close, maPeriods[j] ?? 1, first, last, out);
    }
    return this.lines;
  }
}
