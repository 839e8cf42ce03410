// Candles for the chart benchmark: a seeded random walk with fat-tailed moves, volatility that
// comes in bursts and volume that rises with it, so ranges and bar heights vary as in a market.

import { seededRandom } from '../../tests/support/seeded-random.ts';
import type { ChartView } from '../../workers/facade.ts';

export function randomCandles(count: number, seed = 7): ChartView {
  const next = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());
  const time = new Float64Array(count);
  const open = new Float64Array(count);
  const high = new Float64Array(count);
  const low = new Float64Array(count);
  const close = new Float64Array(count);
  const volume = new Float64Array(count);
  const start = Date.UTC(2024, 0, 1) - count * 60_000;
  let price = 60_000;
  let volatility = 0.0008;
  for (let i = 0; i < count; i++) {
    volatility = Math.min(0.004, Math.max(0.0003, volatility * (1 + 0.1 * gauss())));
    const jump = next() < 0.002 ? gauss() * volatility * 8 : 0;
    const move = gauss() * volatility + jump;
    const o = price;
    const c = Math.round(o * (1 + move) * 100) / 100;
    time[i] = start + i * 60_000;
    open[i] = o;
    close[i] = c;
    high[i] = Math.round(Math.max(o, c) * (1 + Math.abs(gauss()) * volatility * 0.6) * 100) / 100;
    low[i] = Math.round(Math.min(o, c) * (1 - Math.abs(gauss()) * volatility * 0.6) * 100) / 100;
    volume[i] = Math.round(Math.exp(gauss() * 0.6) * (volatility / 0.0008) * 12 * 1000) / 1000;
    price = c;
  }
  return {
    symbol: 'BTCUSDT',
    period: '1m',
    priceScale: 2,
    time,
    open,
    high,
    low,
    close,
    volume,
    hasOlder: false,
    loading: false,
    feed: 'simulated',
    simulated: true,
  };
}
