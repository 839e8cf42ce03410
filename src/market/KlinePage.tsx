// The price chart (`/pages/kline/index?symbol=BTCUSDT&period=15m`): the market's header, the
// timeframes, the candles, the order book and recent trades below, and Buy and Sell kept in reach
// at the bottom, each opening the spot form on its side.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { useChart } from '../chart/use-chart.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { KlineHeader } from './KlineHeader.tsx';
import { MarketActivity } from './MarketActivity.tsx';
import { defaultPeriod, defaultSymbol, klineSearch } from './market-query.ts';
import { TimeframeTabs } from './TimeframeTabs.tsx';
import './kline-page.css';

/** Tall enough for candles and volume, short enough to leave the book in sight on a phone. */
const chartHeight = 320;

export function KlinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { symbol = defaultSymbol, period = defaultPeriod } = useSearch({
    from: routes.kline.path,
  });
  const chart = useChart(symbol, period);

  // Replacing the entry keeps Back going to the page before the chart, not through timeframes.
  const choosePeriod = useCallback(
    (next: KlinePeriod) => {
      void navigate({ to: routes.kline.path, search: klineSearch(symbol, next), replace: true });
    },
    [navigate, symbol],
  );

  return (
    <div className="kline-page" data-testid="kline-page">
      <KlineHeader
        symbol={symbol}
        feed={chart?.feed ?? null}
        chartSimulated={chart?.simulated ?? false}
      />
      <TimeframeTabs value={period} onChange={choosePeriod} />
      <ChartPanel chart={chart} symbol={symbol} period={period} height={chartHeight} />
      <MarketActivity symbol={symbol} book="spot" />
      <div className="kline-trade-bar">
        {(['buy', 'sell'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`button side-button--${side}`}
            data-testid={`kline-${side}`}
            onClick={() => void navigate({ to: routes.spotTrade.path, search: { symbol, side } })}
          >
            {t(`kline.${side}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
