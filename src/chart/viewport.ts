// Pan and zoom as numbers: which candles a plot of a given width shows, and how gestures move it.
// The view is anchored to the newest candle, so older history prepended at the start leaves every
// visible candle where it was, and a live update only has to decide whether to follow.

export interface Viewport {
  /** CSS pixels per candle slot (body plus gap). */
  candleWidth: number;
  /**
   * Candle slots between the newest candle's right edge and the plot's right edge: 0 shows the
   * newest candle flush right, 10 means the ten newest candles are off to the right. Fractional
   * while dragging.
   */
  fromEnd: number;
}

/** About 45 candles on a phone: wide enough to read a body, enough to see a trend. */
export const defaultCandleWidth = 8;
/** Narrow enough to show over a thousand candles on a phone, where each is a hairline. */
export const minCandleWidth = 0.25;
export const maxCandleWidth = 48;
/** Asking for older history this many candles before the oldest one scrolls in hides the wait. */
export const leftEdgeCandles = 20;

export const initialViewport: Viewport = { candleWidth: defaultCandleWidth, fromEnd: 0 };

/** Index coordinate (in candles, fractional) of the plot's right edge. */
function endPosition(viewport: Viewport, count: number): number {
  return count - viewport.fromEnd;
}

/** How far back the view may go: the oldest candle reaches the plot's left edge and no further. */
export function maxFromEnd(count: number, candleWidth: number, plotWidth: number): number {
  return Math.max(0, count - plotWidth / candleWidth);
}

/** The same viewport pulled back inside what the data and the plot allow. */
export function clampViewport(viewport: Viewport, count: number, plotWidth: number): Viewport {
  const candleWidth = Math.min(maxCandleWidth, Math.max(minCandleWidth, viewport.candleWidth));
  const fromEnd = Math.min(
    maxFromEnd(count, candleWidth, plotWidth),
    Math.max(0, viewport.fromEnd),
  );
  return candleWidth === viewport.candleWidth && fromEnd === viewport.fromEnd
    ? viewport
    : { candleWidth, fromEnd };
}

export interface VisibleRange {
  /** First and last visible candle, inclusive; `first > last` when none is. */
  first: number;
  last: number;
}

/** The candles at least partly inside a plot of `plotWidth` CSS pixels. */
export function visibleRange(viewport: Viewport, count: number, plotWidth: number): VisibleRange {
  const end = endPosition(viewport, count);
  const first = Math.max(0, Math.floor(end - plotWidth / viewport.candleWidth));
  const last = Math.min(count - 1, Math.ceil(end) - 1);
  return { first, last };
}

/** The x (CSS px from the plot's left) of candle `index`'s centre. */
export function candleCenterX(
  viewport: Viewport,
  count: number,
  plotWidth: number,
  index: number,
): number {
  return plotWidth - (endPosition(viewport, count) - index - 0.5) * viewport.candleWidth;
}

/** The fractional index coordinate under x: candle `i` spans `[i, i + 1)`. */
export function positionAtX(viewport: Viewport, count: number, plotWidth: number, x: number) {
  return endPosition(viewport, count) - (plotWidth - x) / viewport.candleWidth;
}

/** The candle under x, or -1 when x falls outside the data. */
export function candleAtX(viewport: Viewport, count: number, plotWidth: number, x: number): number {
  const index = Math.floor(positionAtX(viewport, count, plotWidth, x));
  return index >= 0 && index < count ? index : -1;
}

/** Dragging right by `dx` CSS px pulls older candles in from the left. */
export function pan(viewport: Viewport, dx: number, count: number, plotWidth: number): Viewport {
  return clampViewport(
    { candleWidth: viewport.candleWidth, fromEnd: viewport.fromEnd + dx / viewport.candleWidth },
    count,
    plotWidth,
  );
}

/** Scales the candle width by `factor`, keeping the point of the data under `focalX` in place. */
export function zoomAt(
  viewport: Viewport,
  factor: number,
  focalX: number,
  count: number,
  plotWidth: number,
): Viewport {
  const candleWidth = Math.min(
    maxCandleWidth,
    Math.max(minCandleWidth, viewport.candleWidth * factor),
  );
  const focal = positionAtX(viewport, count, plotWidth, focalX);
  const end = focal + (plotWidth - focalX) / candleWidth;
  return clampViewport({ candleWidth, fromEnd: count - end }, count, plotWidth);
}

/** The newest candle is (at least partly) on screen: live updates keep it there. */
export function isFollowingNewest(viewport: Viewport): boolean {
  return viewport.fromEnd < 1;
}

/** The oldest loaded candle is on screen or about to scroll in. */
export function isNearLeftEdge(viewport: Viewport, count: number, plotWidth: number): boolean {
  return visibleRange(viewport, count, plotWidth).first <= leftEdgeCandles;
}
