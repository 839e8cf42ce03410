// A market's candles at a given height, or a loading view until the first arrive (or, given
// `empty`, that note once an answer brought none); dragging to the left edge asks the worker for
// older ones of the chart's source. The price chart page and the trade pages draw it.
import { useCallback, useMemo } from 'react';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { intlLocale } from '../../schemas/languages.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import type { ChartView } from '../../workers/facade.ts';
import { useServices } from '../app/services.ts';
import type { ChartLevel } from '../chart/draw-levels.ts';
import { KlineChart } from '../chart/KlineChart.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { ListLoading } from '../ui/SectionStatus.tsx';

export function ChartPanel(props: {
  chart: ChartView | null;
  symbol: string;
  period: KlinePeriod;
  height: number;
  levels?: readonly ChartLevel[];
  source?: ChartSource;
  /** Said instead of loading once an answer said there are no candles (not when a call failed). */
  empty?: string;
}) {
  const { t } = useTranslation();
  const { core, language } = useServices();
  const labels = useMemo(
    () => ({
      open: t('kline.open'),
      high: t('kline.high'),
      low: t('kline.low'),
      close: t('kline.close'),
      volume: t('kline.volume'),
      change: t('kline.change'),
    }),
    [t],
  );
  const { chart, symbol, period, source } = props;
  const needOlder = useCallback(() => {
    void core.loadOlderCandles(symbol, period, source);
  }, [core, symbol, period, source]);
  return (
    <div className="kline-chart" style={{ minBlockSize: props.height }}>
      {chart && chart.time.length > 0 ? (
        <KlineChart
          view={chart}
          locale={intlLocale(language)}
          labels={labels}
          onNeedOlder={needOlder}
          height={props.height}
          {...(props.levels ? { levels: props.levels } : {})}
        />
      ) : props.empty && chart && !chart.loading && !chart.hasOlder ? (
        <p className="list-status" data-testid="chart-empty">
          {props.empty}
        </p>
      ) : (
        <ListLoading text={t('kline.loadingChart')} />
      )}
    </div>
  );
}
