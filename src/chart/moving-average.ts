// Moving averages of the close, computed only where they are drawn: the visible candles plus the
// look-back each one needs, so a chart of 50,000 candles costs what its 1,000 visible ones cost.

/** MA 7, 25 and 99: the lines every major exchange draws by default. */
export const maPeriods = [7, 25, 99] as const;

/**
 * Writes into `out[k]` the mean of the `period` closes ending at candle `first + k`, for every
 * candle from `first` to `last` inclusive; NaN where fewer than `period` candles exist yet.
 */
export function movingAverage(
  close: ArrayLike<number>,
  period: number,
  first: number,
  last: number,
  out: Float64Array,
): void {
  if (last < first) return;
  const start = Math.max(0, first - period + 1);
  let sum = 0;
  for (let i = start; i < first; i++) sum += close[i] ?? 0;
  for (let i = first; i <= last; i++) {
    sum += close[i] ?? 0;
    const leaving = i - period;
    if (leaving >= start) sum -= close[leaving] ?? 0;
    out[i - first] = i >= period - 1 ? sum / period : Number.NaN;
  }
}
