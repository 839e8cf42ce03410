// The moving-average lines, traced by d3-shape straight into the canvas, and their legend above
// the candles.
import { line } from 'd3-shape';
import { dash } from '../../core/figures.ts';
import type { FrameGeometry } from './geometry.ts';
import type { ChartLabels } from './labels.ts';
import { maPeriods } from './moving-average.ts';

/** `values[k]` belongs to candle `g.first + k`; NaN (no value yet) breaks the line. */
export type MaStroke = (
  ctx: CanvasRenderingContext2D,
  values: Float64Array,
  colour: string,
) => void;

/**
 * A polyline through the defined values, broken where a value is NaN: d3-shape's `line()` with its
 * linear curve, calling `moveTo` and `lineTo` on the canvas itself (no path string in between).
 * The generator is made once and reads the frame's geometry as it is when a line is drawn.
 */
export function createMaStroke(g: FrameGeometry): MaStroke {
  const trace = line<number>()
    .x((_, k) => g.x0 + (g.first + k) * g.step)
    .y((value) => g.priceA * value + g.priceB)
    .defined((value) => !Number.isNaN(value));
  return (ctx, values, colour) => {
    ctx.beginPath();
    trace.context(ctx)(values);
    // One device pixel: Skia draws such a line with its hairline rasteriser, where a 1 CSS px
    // line at 2 device pixels is stroked as a polygon and cost half a frame at 1,000 candles.
    ctx.lineWidth = 1 / g.dpr;
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
}

/** `MA7 60,123.45  MA25 …` at the top left, for candle `first + k`. */
export function drawMaLegend(
  ctx: CanvasRenderingContext2D,
  lines: readonly Float64Array[],
  k: number,
  colours: readonly string[],
  labels: ChartLabels,
  y: number,
): void {
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  let x = 4;
  for (let j = 0; j < maPeriods.length; j++) {
    const value = lines[j]?.[k] ?? Number.NaN;
    const text = `MA${maPeriods[j]} ${Number.isNaN(value) ? dash : labels.price(value)}`;
    ctx.fillStyle = colours[j] ?? '#888';
    ctx.fillText(text, x, y);
    x += ctx.measureText(text).width + 10;
  }
}
