// A market's live chart: the worker's updates of its candles built into columns (chart-series.ts).
import type { KlinePeriod } from '../../schemas/market-names.ts';
import type { ChartUpdate, ChartView } from '../../workers/facade.ts';
import { useFoldedView } from '../app/use-view.ts';
import { ChartSeries } from './chart-series.ts';

const newSeries = () => {
  const series = new ChartSeries();
  return (update: ChartUpdate): ChartView => series.apply(update);
};

export function useChart(symbol: string, period: KlinePeriod): ChartView | null {
  return useFoldedView('chart', newSeries, { symbol, period });
}
