// Where each pane sits on the canvas, in CSS pixels, and how to land edges on device pixels.

export interface Pane {
  top: number;
  bottom: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Device pixels per CSS pixel. */
  dpr: number;
  /** The candles' width: the price axis takes the rest on the right. */
  plotWidth: number;
  axisWidth: number;
  price: Pane;
  volume: Pane;
  /** The band of time labels under the volume pane. */
  time: Pane;
}

/** A phone-sized chart: tall enough for both panes, short enough to leave the order buttons. */
export const defaultChartHeight = 360;
/** Room above the candles for the moving-average legend. */
const legendHeight = 18;
const timeAxisHeight = 20;
const paneGap = 6;
/** The volume pane's share of the height left after the time axis. */
const volumeShare = 0.2;

export function chartLayout(
  width: number,
  height: number,
  dpr: number,
  axisWidth: number,
): ChartLayout {
  const timeTop = Math.max(0, height - timeAxisHeight);
  const volumeHeight = Math.round(timeTop * volumeShare);
  const volumeTop = timeTop - volumeHeight;
  return {
    width,
    height,
    dpr,
    plotWidth: Math.max(1, width - axisWidth),
    axisWidth,
    price: { top: legendHeight, bottom: Math.max(legendHeight + 1, volumeTop - paneGap) },
    volume: { top: volumeTop, bottom: timeTop },
    time: { top: timeTop, bottom: height },
  };
}

/** Backing-store pixels for a CSS length: never zero, so the context stays valid. */
export function backingSize(cssPixels: number, dpr: number): number {
  return Math.max(1, Math.round(cssPixels * dpr));
}

/** The nearest device-pixel edge, in CSS pixels. */
export function snap(value: number, dpr: number): number {
  return Math.round(value * dpr) / dpr;
}

/** The centre of the device pixel under `value`: a one-device-pixel line drawn there is sharp. */
export function crisp(value: number, dpr: number): number {
  return (Math.floor(value * dpr) + 0.5) / dpr;
}
