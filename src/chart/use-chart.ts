// A market's live chart: the worker's updates of its candles built into columns (chart-series.ts),
// the index's candles, or with `source` `last` a perpetual's own trades' (its last price).
import type { ChartSource, KlinePeriod } from '../../schemas/market-names.ts';
import type { ChartUpdate, ChartView } from '../../workers/facade.ts';
import { useFoldedView } from '../app/use-view.ts';
import { ChartSeries } from './chart-series.ts';

const newSeries = () => {
  const series = new ChartSeries();
  return (update: ChartUpdate): ChartView => series.apply(update);
};

export function useChart(
  symbol: string,
  period: KlinePeriod,
  source: ChartSource = 'index',
): ChartView | null {
  // The index's chart is watched as it was before sources existed: `source` only when another.
  const params = source === 'index' ? { symbol, period } : { symbol, period, source };
  return useFoldedView('chart', newSeries, params);
}
