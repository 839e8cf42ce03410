// One frame's mapping from candles to pixels, shared by everything that draws it. It is filled in
// place each frame, so the hot loops read plain numbers and nothing is allocated per frame.

export interface FrameGeometry {
  /** Visible candles, inclusive; `first > last` when none is. */
  first: number;
  last: number;
  /** x (CSS px) of candle 0's centre: candle i is centred at `x0 + i * step`. */
  x0: number;
  step: number;
  /** Price to y: `priceA * price + priceB`, the linear scale's own coefficients. */
  priceA: number;
  priceB: number;
  /** Volume to y in the lower pane: `volumeA * volume + volumeB`. */
  volumeA: number;
  volumeB: number;
  dpr: number;
}

export function emptyGeometry(): FrameGeometry {
  return {
    first: 0,
    last: -1,
    x0: 0,
    step: 1,
    priceA: 0,
    priceB: 0,
    volumeA: 0,
    volumeB: 0,
    dpr: 1,
  };
}

/**
 * A body width in whole device pixels that leaves a gap between neighbours and centres on the
 * one-pixel wick: odd, at least 1.
 */
export function bodyDevicePixels(step: number, dpr: number): number {
  const slot = step * dpr;
  if (slot < 3) return 1;
  const body = Math.max(1, Math.floor(slot * 0.8));
  return body % 2 === 0 ? body - 1 : body;
}
