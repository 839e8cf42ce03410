// Candlesticks: every rising candle in one path and every falling one in another, so a frame
// costs two fills however many candles are visible (a fill per candle costs a draw call each).
import type { ChartView } from '../../workers/facade.ts';
import { bodyDevicePixels, type FrameGeometry } from './geometry.ts';

export function drawCandles(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  up: string,
  down: string,
): void {
  ctx.fillStyle = up;
  ctx.beginPath();
  addCandles(ctx, view, g, true);
  ctx.fill();
  ctx.fillStyle = down;
  ctx.beginPath();
  addCandles(ctx, view, g, false);
  ctx.fill();
}

/** Wicks and bodies as rectangles on device-pixel edges: sharp at any zoom and pixel ratio. */
function addCandles(
  ctx: CanvasRenderingContext2D,
  view: ChartView,
  g: FrameGeometry,
  rising: boolean,
): void {
  const { open, high, low, close } = view;
  const dpr = g.dpr;
  const pixel = 1 / dpr;
  const body = bodyDevicePixels(g.step, dpr);
  const bodyWidth = body * pixel;
  const bodyOffset = ((body - 1) / 2) * pixel;
  const { priceA: a, priceB: b } = g;
  for (let i = g.first; i <= g.last; i++) {
    const o = open[i] ?? 0;
    const c = close[i] ?? 0;
    if (c >= o !== rising) continue;
    const wickX = Math.floor((g.x0 + i * g.step) * dpr) * pixel;
    const yHigh = Math.round((a * (high[i] ?? 0) + b) * dpr) * pixel;
    const yLow = Math.round((a * (low[i] ?? 0) + b) * dpr) * pixel;
    ctx.rect(wickX, yHigh, pixel, Math.max(pixel, yLow - yHigh));
    if (body > 1) {
      const yOpen = Math.round((a * o + b) * dpr) * pixel;
      const yClose = Math.round((a * c + b) * dpr) * pixel;
      const top = Math.min(yOpen, yClose);
      const height = Math.abs(yOpen - yClose);
      ctx.rect(wickX - bodyOffset, top, bodyWidth, Math.max(height, pixel));
    }
  }
}
