// Candle rows (decimal strings) as the number columns the chart draws from. Kept per chart and
// updated from the first row that changed, so a live tick converts one candle, not fifty thousand.
import type { CandleTuple } from '../../core/projections/candles.ts';
import type { ChartView } from './types.ts';

const keys = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

export type Columns = Pick<ChartView, (typeof keys)[number]>;

export class ChartColumns {
  #rows: readonly CandleTuple[] = [];
  #columns: Columns = allocate(0);

  /** Columns for `rows`, exactly as long; a new object whenever they changed. */
  update(rows: readonly CandleTuple[]): Columns {
    if (rows === this.#rows) return this.#columns;
    const previous = this.#rows;
    // Rows before the last few are final once the first row is the same: only the tail changes.
    const sameStart = previous.length > 0 && rows[0]?.[0] === previous[0]?.[0];
    const from = sameStart ? Math.max(0, Math.min(previous.length, rows.length) - 2) : 0;
    const next = allocate(rows.length);
    if (from > 0) {
      for (const key of keys) next[key].set(this.#columns[key].subarray(0, from));
    }
    for (let i = from; i < rows.length; i++) {
      const [t, o, h, l, c, v] = rows[i] as CandleTuple;
      next.time[i] = t;
      next.open[i] = Number(o);
      next.high[i] = Number(h);
      next.low[i] = Number(l);
      next.close[i] = Number(c);
      next.volume[i] = Number(v);
    }
    this.#rows = rows;
    this.#columns = next;
    return next;
  }
}

function allocate(length: number): Columns {
  return {
    time: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
  };
}
