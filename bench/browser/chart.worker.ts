// The chart's live feed for the benchmark, in a worker as in the app: trades move the newest
// candle at a set rate, and at most one new ChartView per animation frame goes to the page.
import type { ChartView } from '../../workers/facade.ts';
import { randomCandles } from './chart-data.ts';

// The page names the worker `<rate>:<candles>:<transfer>`.
const [rateText, countText, transferText] = self.name.split(':');
const rate = Number(rateText) || 0;
const transfer = transferText === '1';
const series = randomCandles(Number(countText) || 50_000);
const last = series.time.length - 1;

let changed = true;
let seq = 0;

const nextFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);

function send(): void {
  if (changed) {
    changed = false;
    if (transfer) {
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
