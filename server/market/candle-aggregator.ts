// Folds one market's trades into candles of every period at once, and remembers which candles
// changed since they were last published or stored. A quiet stretch between two trades is filled
// with flat candles at the last close, as exchanges chart it.
import { addCandle, addTrade, type Candle, candleOf } from '../../core/market/candle.ts';
import { bucketStart, periodMs } from '../../core/market/periods.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import { CandleSeries } from './candle-series.ts';

/** Flat candles filled in at most per gap (a day of minutes); longer silences stay a gap. */
const maxFill = 1440;

export class CandleAggregator {
  readonly series: Readonly<Record<KlinePeriod, CandleSeries>>;
  /**
   * Per period, the oldest open time changed since the candles were last published or stored:
   * everything from there on is newer, so one watermark stands for all of them.
   */
  readonly #unpublished = new Map<KlinePeriod, number>();
  readonly #unstored = new Map<KlinePeriod, number>();

  constructor(maxKept?: number) {
    // Written out: a period added to `klinePeriods` fails to compile here until it has its series.
    this.series = {
      '1m': new CandleSeries(maxKept),
      '5m': new CandleSeries(maxKept),
      '15m': new CandleSeries(maxKept),
      '30m': new CandleSeries(maxKept),
      '1h': new CandleSeries(maxKept),
      '4h': new CandleSeries(maxKept),
      '1d': new CandleSeries(maxKept),
    } satisfies Record<KlinePeriod, CandleSeries>;
  }

  /** Folds a trade (ticks, lots, quote ticks) into every period's candle. */
  trade(price: number, quantity: number, quote: number, ts: number): void {
    for (const period of klinePeriods) {
      const t = bucketStart(ts, period);
      const series = this.series[period];
      const last = series.last();
      if (last && t < last.t) continue; // a late trade for a closed candle is not rewritten
      if (last && t === last.t) {
        addTrade(last, price, quantity, quote);
        series.put(last);
        this.#touch(period, t);
      } else {
        const from = last ? this.#fill(period, last, t) : t;
        series.put(candleOf(t, price, quantity, quote));
        this.#touch(period, from);
      }
    }
  }

  /** Adds one-minute history (oldest first, newer than anything kept) to every period. */
  history(minutes: readonly Candle[]): void {
    const first = minutes[0];
    if (!first) return;
    for (const period of klinePeriods) {
      const series = this.series[period];
      const kept = series.last();
      let open: Candle | undefined = kept;
      for (const minute of minutes) {
        const t = bucketStart(minute.t, period);
        if (open && t < open.t) continue;
        if (open && t === open.t) {
          // A minute without trades adds nothing; a flat candle gives way to the first trade.
          if (open.v === 0 && minute.v > 0) open = { ...minute, t };
          else if (minute.v > 0) addCandle(open, minute);
        } else {
          if (open) series.put(open);
          open = { ...minute, t };
        }
      }
      if (open) series.put(open);
      this.#touch(period, Math.min(kept?.t ?? Infinity, bucketStart(first.t, period)), false);
    }
  }

  /** Loads stored candles of one period as they were (oldest first). */
  load(period: KlinePeriod, candles: readonly Candle[]): void {
    for (const candle of candles) this.series[period].put(candle);
  }

  /** The candles of `period` changed since the last call, oldest first. */
  takeChanged(period: KlinePeriod): Candle[] {
    return this.#take(this.#unpublished, period);
  }

  /** Every candle changed since the last call, to be written to the database. */
  takeUnstored(): { period: KlinePeriod; candle: Candle }[] {
    return klinePeriods.flatMap((period) =>
      this.#take(this.#unstored, period).map((candle) => ({ period, candle })),
    );
  }

  #take(marks: Map<KlinePeriod, number>, period: KlinePeriod): Candle[] {
    const from = marks.get(period);
    if (from === undefined) return [];
    marks.delete(period);
    return this.series[period].since(from);
  }

  /** Flat candles at the last close up to `until`; answers the oldest open time it added. */
  #fill(period: KlinePeriod, last: Candle, until: number): number {
    const length = periodMs[period];
    if ((until - last.t) / length - 1 > maxFill) return until;
    for (let t = last.t + length; t < until; t += length) {
      this.series[period].put(candleOf(t, last.c, 0, 0));
    }
    return Math.min(last.t + length, until);
  }

  #touch(period: KlinePeriod, from: number, publish = true): void {
    const lower = (marks: Map<KlinePeriod, number>) =>
      marks.set(period, Math.min(marks.get(period) ?? from, from));
    lower(this.#unstored);
    if (publish) lower(this.#unpublished);
  }
}
