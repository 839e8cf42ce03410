// The crosshair: a vertical line through the candle under the pointer, a horizontal one at the
// pointer's price, and both values in tags on the axes.
import type { ChartView } from '../../workers/facade.ts';
import type { CrosshairPoint } from './crosshair.ts';
import { drawTag } from './draw-tag.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import { type ChartLayout, crisp } from './layout.ts';
import type { ChartTheme } from './theme.ts';
import type { TimeFormat } from './time-axis.ts';

const dash = [3, 3];
const solid: number[] = [];

export function drawCrosshair(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  index: number,
  point: CrosshairPoint,
  g: FrameGeometry,
  layout: ChartLayout,
  labels: ChartLabels,
  format: TimeFormat,
  theme: ChartTheme,
): void {
  const { price, plotWidth, dpr } = layout;
  const x = crisp(g.x0 + index * g.step, dpr);
  const inPrice = point.y >= price.top && point.y <= price.bottom;
  const y = crisp(point.y, dpr);
  ctx.strokeStyle = theme.crosshair;
  ctx.lineWidth = 1 / dpr;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x, price.top);
  ctx.lineTo(x, layout.volume.bottom);
  if (inPrice) {
    ctx.moveTo(0, y);
    ctx.lineTo(plotWidth, y);
  }
  ctx.stroke();
  ctx.setLineDash(solid);
  if (inPrice) {
    const value = labels.price((point.y - g.priceB) / g.priceA);
    drawTag(ctx, value, plotWidth, point.y, 'left', theme.labelBackground, theme.crosshair);
  }
  const time = view.time[index];
  if (time === undefined) return;
  const text = format.full(time);
  const half = ctx.measureText(text).width / 2 + 4;
  const centre = Math.min(plotWidth - half, Math.max(half, x));
  drawTag(
    ctx,
    text,
    centre,
    (layout.time.top + layout.time.bottom) / 2,
    'center',
    theme.labelBackground,
    theme.crosshair,
  );
}
