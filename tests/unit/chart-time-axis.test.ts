// Time labels: far enough apart to read, on round times that do not move while panning.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodMs } from '../../core/market/periods.ts';
import { klinePeriods } from '../../schemas/api/market.schema.ts';
import {
  createTimeFormat,
  isTimeTick,
  minLabelSpacing,
  timeTickInterval,
  utcMonthIndex,
} from '../../src/chart/time-axis.ts';

const minute = 60_000;
const day = 1440 * minute;

describe('time axis', () => {
  it('spaces labels at least a label apart at any zoom, on whole multiples of the period', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...klinePeriods),
        fc.double({ min: 0.25, max: 48, noNaN: true }),
        (period, candleWidth) => {
          const interval = timeTickInterval(period, candleWidth);
          const candles = interval / periodMs[period];
          expect(candles).toBeGreaterThanOrEqual(1);
          if (interval < 360 * day) {
            expect(candles * candleWidth).toBeGreaterThanOrEqual(minLabelSpacing);
          }
        },
      ),
    );
  });

  it('labels hourly candles every 4 hours on round UTC times', () => {
    const interval = timeTickInterval('1h', 20);
    expect(interval).toBe(4 * 60 * minute);
    const start = Date.UTC(2024, 0, 1, 0);
    const ticks = [0, 1, 2, 3, 4, 5, 8].filter((h) =>
      isTimeTick(start + h * 3_600_000, start + (h - 1) * 3_600_000, interval),
    );
    expect(ticks).toEqual([0, 4, 8]);
  });

  it('labels the first daily candle of a month for monthly spacing', () => {
    const monthly = 30 * day;
    const jan31 = Date.UTC(2024, 0, 31);
    const feb1 = Date.UTC(2024, 1, 1);
    expect(isTimeTick(feb1, jan31, monthly)).toBe(true);
    expect(isTimeTick(Date.UTC(2024, 1, 2), feb1, monthly)).toBe(false);
    // Quarterly spacing skips February.
    expect(isTimeTick(feb1, jan31, 90 * day)).toBe(false);
    expect(isTimeTick(Date.UTC(2024, 3, 1), Date.UTC(2024, 2, 31), 90 * day)).toBe(true);
  });

  it('reads the UTC month like Date does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 5e12 }), (time) => {
        const date = new Date(time);
        expect(utcMonthIndex(time)).toBe(date.getUTCFullYear() * 12 + date.getUTCMonth());
      }),
    );
  });

  it('writes time of day for intraday candles and the date for daily ones', () => {
    const time = Date.UTC(2024, 4, 17, 13, 45);
    const hourly = createTimeFormat('en', '15m');
    expect(hourly.tick(time, 60 * minute)).toBe(
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
