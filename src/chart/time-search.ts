// Finding a candle by its open time: times are ascending, so a binary search.

/** The index of the candle opening at `time`, or -1. */
export function indexAtTime(times: ArrayLike<number>, time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = times[mid] ?? Number.NaN;
    if (at === time) return mid;
    if (at < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
