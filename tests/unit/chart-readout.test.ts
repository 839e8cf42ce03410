// The crosshair's readout and the chart's labels: prices through the core's formatter at the
// market's scale, in the user's locale.
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/price-format.ts';
import { chartName } from '../../src/chart/chart-name.ts';
import { readoutAt } from '../../src/chart/crosshair.ts';
import { createLabels } from '../../src/chart/labels.ts';
import type { ChartView } from '../../workers/facade.ts';

const view: ChartView = {
  symbol: 'BTCUSDT',
  period: '1h',
  priceScale: 2,
  time: Float64Array.of(0, 3_600_000),
  open: Float64Array.of(60000, 61000),
  high: Float64Array.of(61500, 61800.256),
  low: Float64Array.of(59000, 60400),
  close: Float64Array.of(61000, 60390),
  volume: Float64Array.of(1200, 45_600),
  hasOlder: false,
  loading: false,
  feed: 'simulated',
  simulated: true,
};

describe('readout', () => {
  it('formats prices with the core formatter at the market scale and the locale', () => {
    const readout = readoutAt(view, 1, createLabels('de', 2));
    expect(readout?.high).toBe(formatPrice('61800.26', { locale: 'de', precision: 2 }));
    expect(readout?.open).toBe('61.000,00');
  });

  it('gives the change against the previous close, and the direction of the candle', () => {
    const readout = readoutAt(view, 1, createLabels('en', 2));
    expect(readout?.change).toBe('-1.00%');
    expect(readout?.up).toBe(false);
    const first = readoutAt(view, 0, createLabels('en', 2));
    expect(first?.change).toBe('+1.67%');
    expect(first?.up).toBe(true);
  });

  it('writes volumes compactly', () => {
    expect(readoutAt(view, 1, createLabels('en', 2))?.volume).toBe('45.6K');
  });

  it('has nothing to say outside the data', () => {
    expect(readoutAt(view, 2, createLabels('en', 2))).toBeNull();
    expect(readoutAt(view, -1, createLabels('en', 2))).toBeNull();
  });
});

describe('chart name', () => {
  it('names the market as the screen writes it, and the timeframe', () => {
    expect(chartName('BTCUSDT', '15m')).toBe('BTC/USDT 15m');
  });
});
