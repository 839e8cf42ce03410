// The time axis: how far apart its labels are, which candles carry them and how they read. Labels
// sit on round UTC times (every 15 minutes, every 4 hours, every day, …) that d3-scale's UTC scale
// lists, rather than on every n-th candle, so they stay on the same candles while the chart pans
// and when older history is prepended.
import type { ScaleTime } from 'd3-scale';
import {
  type CountableTimeInterval,
  type TimeInterval,
  utcDay,
  utcHour,
  utcMinute,
  utcMonth,
  utcYear,
} from 'd3-time';
import { periodMs } from '../../core/market/periods.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { firstAtOrAfter } from './time-search.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** A spacing of the labels: its length (months count as 30 days) and d3-time's interval for it. */
export interface TimeStep {
  ms: number;
  every: TimeInterval;
}

function every(interval: CountableTimeInterval, step: number): TimeInterval {
  const stepped = interval.every(step);
  if (!stepped) throw new Error(`no interval of ${step}`);
  return stepped;
}

/**
 * Every n-th day counted from 1970, not from each month's first as `utcDay.every(n)` counts: the
 * labels keep one spacing across a month's end instead of two labels a day apart.
 */
const everyNthDay = (n: number) =>
  utcDay.filter((date) => Math.floor(date.getTime() / day) % n === 0);

const steps: readonly TimeStep[] = [
  { ms: minute, every: utcMinute },
  { ms: 5 * minute, every: every(utcMinute, 5) },
  { ms: 15 * minute, every: every(utcMinute, 15) },
  { ms: 30 * minute, every: every(utcMinute, 30) },
  { ms: hour, every: utcHour },
  { ms: 2 * hour, every: every(utcHour, 2) },
  { ms: 4 * hour, every: every(utcHour, 4) },
  { ms: 6 * hour, every: every(utcHour, 6) },
  { ms: 12 * hour, every: every(utcHour, 12) },
  { ms: day, every: utcDay },
  { ms: 2 * day, every: everyNthDay(2) },
  { ms: 5 * day, every: everyNthDay(5) },
  { ms: 10 * day, every: everyNthDay(10) },
  { ms: 30 * day, every: utcMonth },
  { ms: 90 * day, every: every(utcMonth, 3) },
  { ms: 180 * day, every: every(utcMonth, 6) },
  { ms: 360 * day, every: utcYear },
];

/** Labels need this much room (CSS px) to stay apart: `12/31` or `23:45` at 10 px. */
export const minLabelSpacing = 72;

/**
 * The shortest round spacing between labels that leaves `minLabelSpacing` between them at
 * `candleWidth` CSS pixels per candle, and no shorter than a candle.
 */
export function timeTickInterval(period: KlinePeriod, candleWidth: number): TimeStep {
  const length = periodMs[period];
  for (const step of steps) {
    if (step.ms >= length && (step.ms / length) * candleWidth >= minLabelSpacing) return step;
  }
  return steps[steps.length - 1] as TimeStep;
}

/**
 * The candles `first..last` that carry a label, in order: for each round time the scale lists
 * (its domain is the visible span, `scales.ts`), the candle opening at it; for months and years,
 * the month's first candle. The x axis counts candles, not milliseconds, so a label sits on its
 * candle and a gap in the feed leaves no hole; a round time with no candle gets no label.
 */
export function timeTickCandles(
  scale: ScaleTime<number, number>,
  time: ArrayLike<number>,
  first: number,
  last: number,
  step: TimeStep,
  out: number[],
): number[] {
  out.length = 0;
  if (first > last) return out;
  const ticks = scale.ticks(step.every);
  const calendar = step.ms >= 30 * day;
  for (let k = 0; k < ticks.length; k++) {
    const at = ticks[k]?.getTime() ?? Number.NaN;
    const i = firstAtOrAfter(time, at, first, last + 1);
    if (i > last || i === out[out.length - 1]) continue;
    const opens = time[i] ?? Number.NaN;
    const next = ticks[k + 1]?.getTime() ?? Number.POSITIVE_INFINITY;
    if (calendar ? opens < next : opens === at) out.push(i);
  }
  return out;
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
