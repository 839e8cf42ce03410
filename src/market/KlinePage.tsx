// The price chart (`/pages/kline/index?symbol=BTCUSDT&period=15m`): the market's header, the
// timeframes, the candles, and the order book and recent trades below.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { intlLocale } from '../../schemas/languages.ts';
import { useApp } from '../app/app-context.tsx';
import { useView } from '../app/use-view.ts';
import { KlineChart } from '../chart/KlineChart.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { KlineHeader } from './KlineHeader.tsx';
import { MarketActivity } from './MarketActivity.tsx';
import { klinePath, klineSearch, parseKlineQuery } from './market-query.ts';
import { TimeframeTabs } from './TimeframeTabs.tsx';

/** Tall enough for candles and volume, short enough to leave the book in sight on a phone. */
const chartHeight = 320;

export function KlinePage() {
  const { t } = useTranslation();
  const { core, language } = useApp();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Readonly<Record<string, unknown>>;
  const { symbol, period } = parseKlineQuery(search);
  const chart = useView('chart', { symbol, period });

  // Replacing the entry keeps Back going to the page before the chart, not through timeframes.
  const choosePeriod = useCallback(
    (next: KlinePeriod) => {
      void navigate({ to: klinePath, search: klineSearch(symbol, next), replace: true });
    },
    [navigate, symbol],
  );
  const needOlder = useCallback(() => {
    void core.loadOlderCandles(symbol, period);
  }, [core, symbol, period]);
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

  return (
    <div className="kline-page" data-testid="kline-page">
      <KlineHeader
        symbol={symbol}
        feed={chart?.feed ?? null}
        chartSimulated={chart?.simulated ?? false}
      />
      <TimeframeTabs value={period} onChange={choosePeriod} />
      <div className="kline-chart" style={{ minBlockSize: chartHeight }}>
        {chart && chart.time.length > 0 ? (
          <KlineChart
            view={chart}
            locale={intlLocale(language)}
            labels={labels}
            onNeedOlder={needOlder}
            height={chartHeight}
          />
        ) : (
          <ListLoading text={t('kline.loadingChart')} />
        )}
      </div>
      <MarketActivity symbol={symbol} book="spot" />
    </div>
  );
}
