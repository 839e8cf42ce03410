// The crosshair's readout: which candle the finger or mouse is on, and its values as text. The
// hovered candle is remembered by its open time, not its index, so history prepended while the
// user holds still leaves the readout on the same candle.
import type { ChartView } from '../../workers/facade.ts';
import type { ChartLabels } from './labels.ts';

/** Where the crosshair is, in CSS pixels from the canvas's top left. */
export interface CrosshairPoint {
  x: number;
  y: number;
}

export interface Readout {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  /** Against the previous candle's close (the first candle: its own open). */
  change: string;
  /** The candle closed at or above its open: coloured as a win. */
  up: boolean;
}

export function readoutAt(view: ChartView, index: number, labels: ChartLabels): Readout | null {
  const time = view.time[index];
  const open = view.open[index];
  const high = view.high[index];
  const low = view.low[index];
  const close = view.close[index];
  const volume = view.volume[index];
  if (
    time === undefined ||
    open === undefined ||
    high === undefined ||
    low === undefined ||
    close === undefined ||
    volume === undefined
  ) {
    return null;
  }
  const reference = view.close[index - 1] ?? open;
  return {
    time,
    open: labels.price(open),
    high: labels.price(high),
    low: labels.price(low),
    close: labels.price(close),
    volume: labels.volume(volume),
    change: labels.change(reference === 0 ? Number.NaN : (close - reference) / reference),
    up: close >= open,
  };
}
