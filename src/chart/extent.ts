// The value ranges a frame is scaled to, over the visible candles only.

export interface Extent {
  min: number;
  max: number;
}

/**
 * Lowest low and highest high of candles `first..last`, widened to the moving averages drawn over
 * them (`lines[j][k]` belongs to candle `first + k`; NaN where a line has no value), so no
 * line leaves the pane. Writes into `out` to spare an allocation per frame.
 */
export function priceExtent(
  low: ArrayLike<number>,
  high: ArrayLike<number>,
  first: number,
  last: number,
  lines: readonly ArrayLike<number>[],
  out: Extent,
): Extent {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = first; i <= last; i++) {
    const l = low[i] ?? Number.NaN;
    const h = high[i] ?? Number.NaN;
    if (l < min) min = l;
    if (h > max) max = h;
  }
  const n = last - first + 1;
  for (const line of lines) {
    for (let k = 0; k < n; k++) {
      const v = line[k] ?? Number.NaN;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  out.min = min;
  out.max = max;
  return out;
}

/**
 * The extent with room above and below so wicks do not touch the pane's edges; a flat market
 * gets a band around its price instead of a zero-height scale.
 */
export function paddedExtent(extent: Extent, priceScale: number, out: Extent): Extent {
  if (!(extent.min <= extent.max)) {
    out.min = 0;
    out.max = 1;
    return out;
  }
  const span = extent.max - extent.min;
  const pad = span > 0 ? span * 0.08 : Math.max(Math.abs(extent.max) * 0.001, 10 ** -priceScale);
  out.min = extent.min - pad;
  out.max = extent.max + pad;
  return out;
}

/** Largest volume among candles `first..last` (0 when none). */
export function maxVolume(volume: ArrayLike<number>, first: number, last: number): number {
  let max = 0;
  for (let i = first; i <= last; i++) {
    const v = volume[i] ?? 0;
    if (v > max) max = v;
  }
  return max;
}
