// A chart's candles on the page, built from the worker's updates (`workers/market/chart-columns.ts`):
// the first brings every candle, each later one the candles from the first that changed. A tail
// update is written into the columns in place, and the view handed on is a window onto them, so
// a live tick costs the page a few numbers, not six fresh columns of fifty thousand. Room grows
// by doubling; an update from the first candle (a new series, older history in front) gets fresh
// columns, so a view handed on earlier never sees another series' candles.
import type { CandleColumns, ChartUpdate, ChartView } from '../../workers/facade.ts';

const keys = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

function columnsOf(capacity: number): CandleColumns {
  return {
    time: new Float64Array(capacity),
    open: new Float64Array(capacity),
    high: new Float64Array(capacity),
    low: new Float64Array(capacity),
    close: new Float64Array(capacity),
    volume: new Float64Array(capacity),
  };
}

export class ChartSeries {
  #columns: CandleColumns = columnsOf(0);
  #length = 0;

  apply(update: ChartUpdate): ChartView {
    const { from, length } = update;
    if (from > this.#length) {
      throw new Error(`a chart update from candle ${from}, but the chart has ${this.#length}`);
    }
    const capacity = this.#columns.time.length;
    if (from === 0 || length > capacity) {
      const next = columnsOf(from === 0 ? length : Math.max(length, capacity * 2));
      for (const key of keys) next[key].set(this.#columns[key].subarray(0, from));
      this.#columns = next;
    }
    for (const key of keys) this.#columns[key].set(update[key], from);
    this.#length = length;
    const { time, open, high, low, close, volume } = this.#columns;
    return {
      symbol: update.symbol,
      period: update.period,
      priceScale: update.priceScale,
      hasOlder: update.hasOlder,
      loading: update.loading,
      feed: update.feed,
      simulated: update.simulated,
      time: time.subarray(0, length),
      open: open.subarray(0, length),
      high: high.subarray(0, length),
      low: low.subarray(0, length),
      close: close.subarray(0, length),
      volume: volume.subarray(0, length),
    };
  }
}
