// The latest price: a dashed line across the plot at the newest close and its value on the axis,
// in the newest candle's colour. It follows live updates even while the user looks at older
// candles; off the pane, its tag waits at the pane's edge.
import type { ChartView } from '../../workers/facade.ts';
import { clampTagY, drawTag } from './draw-tag.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import { type ChartLayout, crisp } from './layout.ts';

const dash = [4, 3];
const solid: number[] = [];

/** A dashed line across the plot at `y`, when `y` is inside the price pane. */
export function strokeLevel(
  ctx: CanvasRenderingContext2D,
  y: number,
  layout: ChartLayout,
  colour: string,
  pattern: readonly number[] = dash,
): void {
  const { price, plotWidth, dpr } = layout;
  if (y < price.top || y > price.bottom) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1 / dpr;
  ctx.setLineDash(pattern);
  ctx.beginPath();
  ctx.moveTo(0, crisp(y, dpr));
  ctx.lineTo(plotWidth, crisp(y, dpr));
  ctx.stroke();
  ctx.setLineDash(solid);
}

/** Where the latest price's tag sits on the axis (its middle), or null with no candle. */
export function latestTagY(view: ChartView, g: FrameGeometry, layout: ChartLayout): number | null {
  const close = view.close[view.close.length - 1];
  if (close === undefined) return null;
  return clampTagY(g.priceA * close + g.priceB, layout.price.top, layout.price.bottom);
}

export function drawLatestPrice(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  layout: ChartLayout,
  labels: ChartLabels,
  up: string,
  down: string,
  onColour: string,
): void {
  const last = view.close.length - 1;
  const close = view.close[last];
  if (close === undefined) return;
  const colour = close >= (view.open[last] ?? close) ? up : down;
  const { price, plotWidth } = layout;
  const y = g.priceA * close + g.priceB;
  strokeLevel(ctx, y, layout, colour);
  drawTag(
    ctx,
    labels.price(close),
    plotWidth,
    clampTagY(y, price.top, price.bottom),
    'left',
    colour,
    onColour,
  );
}
