// Candle rows (decimal strings) as the number columns the chart draws from, sent as what changed:
// a watcher first gets every candle, then only the candles from the first one that changed (a live
// tick changes the last one or adds one; older history in front changes them all). The page keeps the columns and writes each update into
// them (`src/chart/chart-series.ts`), so a tick moves a few numbers across, not six columns of
// fifty thousand.
import type { CandleTuple } from '../../core/projections/candles.ts';

const keys = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

export type Columns = Record<(typeof keys)[number], Float64Array>;

/** Candles `from` up to `length` (the series' new length), whose earlier candles are unchanged. */
export type ColumnsUpdate = Columns & { from: number; length: number };

/** What one watcher was last sent: the rows, so the next update starts where they differ. */
export class ChartColumns {
  #rows: readonly CandleTuple[] | undefined;

  /** The update that brings the watcher's columns from the rows last sent to `rows`. */
  update(rows: readonly CandleTuple[]): ColumnsUpdate {
    const from = firstChanged(this.#rows ?? [], rows);
    this.#rows = rows;
    const count = rows.length - from;
    const update: ColumnsUpdate = {
      from,
      length: rows.length,
      time: new Float64Array(count),
      open: new Float64Array(count),
      high: new Float64Array(count),
      low: new Float64Array(count),
      close: new Float64Array(count),
      volume: new Float64Array(count),
    };
    for (let i = 0; i < count; i++) {
      const [t, o, h, l, c, v] = rows[from + i] as CandleTuple;
      update.time[i] = t;
      update.open[i] = Number(o);
      update.high[i] = Number(h);
      update.low[i] = Number(l);
      update.close[i] = Number(c);
      update.volume[i] = Number(v);
    }
    return update;
  }
}

/**
 * The first row that is not the very row sent before. The fold keeps every candle it did not
 * change (a tick replaces the last, a late candle is put in its place, older history goes in
 * front): a candle that changed anywhere is a new row, and the scan, a comparison a row, finds it.
 */
function firstChanged(previous: readonly CandleTuple[], rows: readonly CandleTuple[]): number {
  const shorter = Math.min(previous.length, rows.length);
  let at = 0;
  while (at < shorter && rows[at] === previous[at]) at++;
  return at;
}

/** The buffers of an update, to be moved to the page rather than copied. */
export function columnBuffers(update: Columns): ArrayBuffer[] {
  return keys.map((key) => update[key].buffer as ArrayBuffer);
}
