// Time labels: far enough apart to read, on round UTC times that do not move while panning, on the
// candles that open at them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodMs } from '../../core/market/periods.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import { emptyGeometry } from '../../src/chart/geometry.ts';
import { createScales, fitTime } from '../../src/chart/scales.ts';
import {
  createTimeFormat,
  minLabelSpacing,
  type TimeStep,
  timeTickCandles,
  timeTickInterval,
} from '../../src/chart/time-axis.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 1440 * minute;

/** The candles of `times` from `first` to `last` that carry a label at `step`. */
function labelled(times: readonly number[], first: number, last: number, step: TimeStep) {
  const time = Float64Array.from(times);
  const g = { ...emptyGeometry(), first, last, step: 8 };
  const scale = createScales().time;
  fitTime(scale, time, g);
  return timeTickCandles(scale, time, first, last, step, []);
}

const series = (start: number, length: number, count: number) =>
  Array.from({ length: count }, (_, i) => start + i * length);

const monthIndex = (time: number) => {
  const date = new Date(time);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
};

/**
 * The rule the axis keeps, written plainly: a candle opening on a multiple of the spacing (UTC,
 * from 1970) up to ten days; the first candle of every n-th month beyond. The history's first
 * candle, with nothing before it, starts a month when it opens at the month's first moment.
 */
function isRoundCandle(time: number, previous: number, interval: number): boolean {
  if (interval < 30 * day) return time % interval === 0;
  const date = new Date(time);
  const startsMonth = Number.isNaN(previous)
    ? time === Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
    : monthIndex(time) !== monthIndex(previous);
  return startsMonth && monthIndex(time) % Math.round(interval / (30 * day)) === 0;
}

describe('time axis', () => {
  it('spaces labels at least a label apart at any zoom, on whole multiples of the period', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...klinePeriods),
        fc.double({ min: 0.25, max: 48, noNaN: true }),
        (period, candleWidth) => {
          const { ms } = timeTickInterval(period, candleWidth);
          const candles = ms / periodMs[period];
          expect(candles).toBeGreaterThanOrEqual(1);
          if (ms < 360 * day) {
            expect(candles * candleWidth).toBeGreaterThanOrEqual(minLabelSpacing);
          }
        },
      ),
    );
  });

  it('labels hourly candles every 4 hours on round UTC times', () => {
    const step = timeTickInterval('1h', 20);
    expect(step.ms).toBe(4 * hour);
    const times = series(Date.UTC(2024, 0, 1, 0), hour, 10);
    expect(labelled(times, 0, 9, step).map((i) => new Date(times[i] ?? 0).getUTCHours())).toEqual([
      0, 4, 8,
    ]);
  });

  it('leaves a round time the feed skipped without a label, and labels the next', () => {
    const step = timeTickInterval('1h', 20);
    const times = series(Date.UTC(2024, 0, 1, 0), hour, 12).filter((_, i) => i !== 4);
    const hours = labelled(times, 0, times.length - 1, step).map((i) =>
      new Date(times[i] ?? 0).getUTCHours(),
    );
    expect(hours).toEqual([0, 8]);
  });

  it('labels the first daily candle of a month for monthly spacing, quarters for quarterly', () => {
    const times = series(Date.UTC(2024, 0, 20), day, 90);
    const monthly = timeTickInterval('1d', 3);
    expect(monthly.ms).toBe(30 * day);
    const dates = (picked: number[]) =>
      picked.map((i) => new Date(times[i] ?? 0).toISOString().slice(0, 10));
    expect(dates(labelled(times, 0, 89, monthly))).toEqual([
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
    const quarterly = timeTickInterval('1d', 1);
    expect(quarterly.ms).toBe(90 * day);
    expect(dates(labelled(times, 0, 89, quarterly))).toEqual(['2024-04-01']);
    // The month's first candle at the left edge is labelled though its round time is off screen.
    const march = times.indexOf(Date.UTC(2024, 2, 1));
    expect(dates(labelled(times, march, 89, monthly))).toEqual(['2024-03-01', '2024-04-01']);
  });

  it('labels the candles the round-time rule names, at every period, zoom and pan', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<KlinePeriod>(...klinePeriods),
        fc.double({ min: 0.25, max: 48, noNaN: true }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 300 }),
        (period, candleWidth, startBucket, count, skip) => {
          const length = periodMs[period];
          const times = series(Date.UTC(2023, 0, 1) + startBucket * length, length, count + skip);
          const first = Math.min(skip, times.length - 1);
          const last = times.length - 1;
          const step = timeTickInterval(period, candleWidth);
          const expected: number[] = [];
          for (let i = first; i <= last; i++) {
            if (isRoundCandle(times[i] ?? 0, times[i - 1] ?? Number.NaN, step.ms)) expected.push(i);
          }
          expect(labelled(times, first, last, step)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes time of day for intraday candles and the date for daily ones', () => {
    const time = Date.UTC(2024, 4, 17, 13, 45);
    const hourly = createTimeFormat('en', '15m');
    expect(hourly.tick(time, hour)).toBe(
      new Intl.DateTimeFormat('en', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(time),
    );
    const daily = createTimeFormat('de', '1d');
    expect(daily.tick(time, day)).toBe(
      new Intl.DateTimeFormat('de', { month: 'numeric', day: 'numeric' }).format(time),
    );
    expect(hourly.full(time)).toContain('2024');
  });
});
