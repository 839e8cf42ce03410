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

/** The first index in `lo..hi - 1` whose time is at or after `time`, or `hi` when none is. */
export function firstAtOrAfter(
  times: ArrayLike<number>,
  time: number,
  lo: number,
  hi: number,
): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Number.NaN) < time) low = mid + 1;
    else high = mid;
  }
  return low;
}
