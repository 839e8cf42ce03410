// The time axis: how far apart its labels are and how they read. Labels sit on round times (every
// 15 minutes, every 4 hours, every day, …) rather than every n-th candle, so they stay on the same
// candles while the chart pans and when older history is prepended.
import { periodMs } from '../../core/market/periods.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const intervals = [
  minute,
  5 * minute,
  15 * minute,
  30 * minute,
  hour,
  2 * hour,
  4 * hour,
  6 * hour,
  12 * hour,
  day,
  2 * day,
  5 * day,
  10 * day,
  30 * day,
  90 * day,
  180 * day,
  360 * day,
];

/** Labels need this much room (CSS px) to stay apart: `12/31` or `23:45` at 10 px. */
export const minLabelSpacing = 72;

/**
 * The shortest round interval (ms) between labels that leaves `minLabelSpacing` between them at
 * `candleWidth` CSS pixels per candle. Candle open times that are multiples of it get a label.
 */
export function timeTickInterval(period: KlinePeriod, candleWidth: number): number {
  const length = periodMs[period];
  for (const interval of intervals) {
    if (interval >= length && (interval / length) * candleWidth >= minLabelSpacing) return interval;
  }
  return intervals[intervals.length - 1] ?? day;
}

export interface TimeFormat {
  /** An axis label: time of day for intraday candles, the date for daily ones. */
  tick(time: number, interval: number): string;
  /** The crosshair's label: date and, intraday, time. */
  full(time: number): string;
}

export function createTimeFormat(locale: string, period: KlinePeriod): TimeFormat {
  const intraday = periodMs[period] < day;
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const date = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' });
  const month = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short' });
  const full = new Intl.DateTimeFormat(
    locale,
    intraday
      ? {
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }
      : { year: 'numeric', month: '2-digit', day: '2-digit' },
  );
  const ticks = new Map<number, string>();
  let tickFormat = clock;
  return {
    tick(time, interval) {
      const format = interval >= 30 * day ? month : interval >= day || !intraday ? date : clock;
      if (format !== tickFormat) {
        ticks.clear();
        tickFormat = format;
      }
      let text = ticks.get(time);
      if (text === undefined) {
        if (ticks.size >= 512) ticks.clear();
        text = format.format(time);
        ticks.set(time, text);
      }
      return text;
    },
    full: (time) => full.format(time),
  };
}

/** Months since year 0 of a UTC time, without allocating a Date (H. Hinnant's civil_from_days). */
export function utcMonthIndex(time: number): number {
  const z = Math.floor(time / day) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 2 : mp - 10;
  const year = yoe + era * 400 + (mp < 10 ? 0 : 1);
  return year * 12 + month;
}

/**
 * Whether the candle opening at `time` (after one opening at `previous`, NaN for the first)
 * carries a label. Round intervals up to ten days are multiples of UTC time; longer ones label
 * the first candle of every n-th month, since months are not of one length.
 */
export function isTimeTick(time: number, previous: number, interval: number): boolean {
  if (interval < 30 * day) return time % interval === 0;
  const monthIndex = utcMonthIndex(time);
  if (monthIndex === utcMonthIndex(previous)) return false;
  return monthIndex % Math.round(interval / (30 * day)) === 0;
}
