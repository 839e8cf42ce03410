// The chart's live feed for the benchmark, in a worker as in the app: trades move the newest
// candle at a set rate, and at most one update per animation frame goes to the page: the whole
// series copied, the whole series transferred, or (as the app does) the changed candle alone, at
// most every `chartEveryMs`.
import type { ChartUpdate, ChartView } from '../../workers/facade.ts';
import { chartEveryMs } from '../../workers/market/views.ts';
import { randomCandles } from './chart-data.ts';

// The page names the worker `<rate>:<candles>:<how>`, how being `copy`, `transfer` or `delta`.
const [rateText, countText, how] = self.name.split(':');
const rate = Number(rateText) || 0;
const transfer = how === 'transfer';
const delta = how === 'delta';
const series = randomCandles(Number(countText) || 50_000);
const last = series.time.length - 1;

let changed = true;
let seq = 0;
let sentOnce = false;

const nextFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);

let sentAt = Number.NEGATIVE_INFINITY;

function send(): void {
  // The app sends a live chart at most every `chartEveryMs`; the other ways on every frame.
  const due = !delta || performance.now() - sentAt >= chartEveryMs;
  if (changed && due) {
    sentAt = performance.now();
    changed = false;
    if (delta) {
      // The first update brings every candle, each later one the newest candle only.
      const from = sentOnce ? last : 0;
      sentOnce = true;
      const column = (values: Float64Array) => values.slice(from);
      const update: ChartUpdate = {
        ...series,
        from,
        length: series.time.length,
        time: column(series.time),
        open: column(series.open),
        high: column(series.high),
        low: column(series.low),
        close: column(series.close),
        volume: column(series.volume),
      };
      const buffers = [update.time, update.open, update.high, update.low, update.close];
      self.postMessage(update, {
        transfer: [...buffers, update.volume].map((column) => column.buffer),
      });
    } else if (transfer) {
      // The alternative: fresh columns handed over, so the page receives them without a copy.
      const view: ChartView = {
        ...series,
        time: series.time.slice(),
        open: series.open.slice(),
        high: series.high.slice(),
        low: series.low.slice(),
        close: series.close.slice(),
        volume: series.volume.slice(),
      };
      const buffers = [view.time, view.open, view.high, view.low, view.close, view.volume];
      self.postMessage(view, { transfer: buffers.map((column) => column.buffer) });
    } else {
      // A new object each time, its columns copied by postMessage as the worker's `watch` callback
      // (a Comlink proxy) sends them today.
      const view: ChartView = { ...series };
      self.postMessage(view);
    }
  }
  nextFrame(send);
}

if (rate > 0) {
  const tickMs = 10;
  const perTick = Math.round((rate * tickMs) / 1000);
  setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      seq++;
      const price = (series.open[last] ?? 60_000) * (1 + Math.sin(seq / 300) * 0.002);
      const rounded = Math.round(price * 100) / 100;
      series.close[last] = rounded;
      if (rounded > (series.high[last] ?? rounded)) series.high[last] = rounded;
      if (rounded < (series.low[last] ?? rounded)) series.low[last] = rounded;
      series.volume[last] = (series.volume[last] ?? 0) + 0.001;
    }
    changed = true;
  }, tickMs);
}
nextFrame(send);
