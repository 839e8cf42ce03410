// The depth chart's scales and shapes: prices across on a d3-scale linear scale centred on the mid
// price, with the deepest level shown of either side inside it; totals up from 0, `nice()`d so the
// top grid line is a round amount; and the two sides as d3-shape step areas over the cumulative
// book (core/market/depth-curve.ts).
import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { type Area, area, curveStepAfter } from 'd3-shape';
import type { DepthCurve, DepthPoint } from '../../core/market/depth-curve.ts';

/** Grid lines of the totals: about four, the top one the `nice()`d top of the scale. */
export const totalTicks = 4;

export interface DepthScales {
  /** Price to x. */
  x: ScaleLinear<number, number>;
  /** Total to y. */
  y: ScaleLinear<number, number>;
  /** The mid price: between the best bid and ask, or the one best price a one-sided book has. */
  mid: number;
}

export interface DepthBox {
  width: number;
  /** The plot's top and bottom (CSS px): the price labels sit under it. */
  top: number;
  bottom: number;
}

/** Scales for a curve in a box, or null for a book with no level on either side. */
export function depthScales(curve: DepthCurve, box: DepthBox): DepthScales | null {
  const bestBid = curve.bids[0]?.price;
  const bestAsk = curve.asks[0]?.price;
  if (bestBid === undefined && bestAsk === undefined) return null;
  const mid =
    bestBid !== undefined && bestAsk !== undefined
      ? (bestBid + bestAsk) / 2
      : ((bestBid ?? bestAsk) as number);
  const deepestBid = curve.bids[curve.bids.length - 1]?.price ?? mid;
  const deepestAsk = curve.asks[curve.asks.length - 1]?.price ?? mid;
  // A book of one price still gets a span to draw in.
  const reach = Math.max(mid - deepestBid, deepestAsk - mid) || Math.abs(mid) * 0.001 || 1;
  const x = scaleLinear()
    .domain([mid - reach, mid + reach])
    .range([0, box.width]);
  const top = Math.max(lastTotal(curve.bids), lastTotal(curve.asks));
  const y = scaleLinear()
    .domain([0, top > 0 ? top : 1])
    .range([box.bottom, box.top])
    .nice(totalTicks);
  return { x, y, mid };
}

const lastTotal = (points: readonly DepthPoint[]) => points[points.length - 1]?.total ?? 0;

/**
 * The points an area is drawn through: the side's points, best first, and one more at `edge` (the
 * end of the price axis the side runs to) at the side's total, so the deepest level's step reaches
 * the edge instead of ending as a line. No points for an empty side.
 */
export function depthOutline(points: readonly DepthPoint[], edge: number): DepthPoint[] {
  const last = points[points.length - 1];
  return last ? [...points, { ...last, price: edge }] : [];
}

/**
 * A side's area. The points run from the best price outwards, and a step holds a point's total
 * until the next price (`curveStepAfter`): at every price the height is the size of the levels at
 * that price or better, bids and asks alike. The baseline is the total 0.
 */
export function depthArea(scales: DepthScales): Area<DepthPoint> {
  const { x, y } = scales;
  const base = y(0);
  return area<DepthPoint>()
    .x((point) => x(point.price))
    .y0(base)
    .y1((point) => y(point.total))
    .curve(curveStepAfter);
}
