// Volume bars in the lower pane, coloured by their candle's direction, one path per colour.
import type { ChartView } from '../../workers/facade.ts';
import { bodyDevicePixels, type FrameGeometry } from './geometry.ts';

/** Bars are drawn faint so they read as context, not as a second chart. */
const volumeAlpha = 0.5;

export function drawVolume(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  up: string,
  down: string,
): void {
  ctx.globalAlpha = volumeAlpha;
  ctx.fillStyle = up;
  ctx.beginPath();
  addBars(ctx, view, g, true);
  ctx.fill();
  ctx.fillStyle = down;
  ctx.beginPath();
  addBars(ctx, view, g, false);
  ctx.fill();
  ctx.globalAlpha = 1;
}

function addBars(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  rising: boolean,
): void {
  const { open, close, volume } = view;
  const dpr = g.dpr;
  const pixel = 1 / dpr;
  const body = bodyDevicePixels(g.step, dpr);
  const width = body * pixel;
  const offset = ((body - 1) / 2) * pixel;
  const base = g.volumeB;
  for (let i = g.first; i <= g.last; i++) {
    if ((close[i] ?? 0) >= (open[i] ?? 0) !== rising) continue;
    const x = Math.floor((g.x0 + i * g.step) * dpr) * pixel - offset;
    const top = Math.round((g.volumeA * (volume[i] ?? 0) + base) * dpr) * pixel;
    if (top < base) ctx.rect(x, top, width, base - top);
  }
}
