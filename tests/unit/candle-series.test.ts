// The in-memory candle window: older history read back after the newest candles are in use goes
// in front of them, in order, within the window's size.
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../core/market/candle.ts';
import { CandleSeries } from '../../server/market/candle-series.ts';

const minute = 60_000;
const candle = (i: number): Candle => ({
  t: i * minute,
  o: i,
  h: i + 2,
  l: i - 1,
  c: i + 1,
  v: i,
  q: i * 3,
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => candle(from + k));

describe('CandleSeries.prepend', () => {
  it('puts older candles in front, oldest first, growing as it needs to', () => {
    const series = new CandleSeries(50_000, 4);
    for (const c of range(100, 103)) series.put(c);
    series.prepend(range(0, 100));
    expect(series.before(1000)).toEqual(range(0, 103));
    series.put(candle(103));
    expect(series.last()).toEqual(candle(103));
    expect(series.length).toBe(104);
  });

  it('takes nothing older once the window is full', () => {
    const series = new CandleSeries(10, 16);
    for (const c of range(0, 14)) series.put(c);
    expect(series.firstTime()).toBe(4 * minute);
    series.prepend(range(0, 4));
    expect(series.before(100)).toEqual(range(4, 14));
  });

  it('takes the newest of the older candles that fit, and ignores any not older', () => {
    const series = new CandleSeries(5);
    for (const c of range(10, 12)) series.put(c);
    series.prepend([...range(0, 11)]);
    expect(series.before(100)).toEqual(range(7, 12));
    expect(series.since(8 * minute)).toEqual(range(8, 12));
  });
});
