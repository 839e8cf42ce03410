// Spot trading (`/pages/spot/trade?symbol=BTCUSDT`): the market's price, the order form, the order
// book and recent trades, and the user's current, dealt and finished orders. Pull down to refresh.
import { useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import { useView } from '../app/use-view.ts';
import { ConnectionBadge } from '../market/ConnectionBadge.tsx';
import { MarketActivity } from '../market/MarketActivity.tsx';
import { klinePath, klineSearch } from '../market/market-query.ts';
import { SimulatedBadge } from '../market/SimulatedBadge.tsx';
import { useGo } from '../routes/navigation.ts';
import { LastPrice } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { OrderForm } from './OrderForm.tsx';
import { OrderLists } from './OrderLists.tsx';
import { pairName, parseSpotSymbol } from './spot-query.ts';
import './spot.css';

export function SpotTradePage() {
  const { t } = useTranslation();
  const { core } = useApp();
  const go = useGo();
  const search = useSearch({ strict: false }) as Readonly<Record<string, unknown>>;
  const symbol = parseSpotSymbol(search);
  const spot = useView('spot', { symbol });
  const [refreshed, setRefreshed] = useState(0);
  const refresh = useCallback(async () => {
    await core.refreshSpot();
    setRefreshed((count) => count + 1);
  }, [core]);
  usePullRefresh(refresh);

  if (!spot) return <ListLoading text={t('loading.page')} />;
  const base = spot.rules?.base ?? symbol.replace(/USDT$/, '');
  const quote = spot.rules?.quote ?? 'USDT';
  return (
    <div className="spot-page" data-testid="spot-page">
      <header className="spot-header">
        <div>
          <h2 className="spot-header__pair">{pairName(base, quote)}</h2>
          <span className="spot-header__label">{t('spot.currentPrice')}</span>{' '}
          <LastPrice value={spot.lastShown} trend={spot.trend} testId="spot-last" />
        </div>
        <div className="badges">
          <SimulatedBadge show={spot.simulated} />
          <ConnectionBadge />
          <button
            type="button"
            className="button button--ghost spot-header__chart"
            onClick={() => go(klinePath, klineSearch(symbol))}
          >
            {t('spot.chart')}
          </button>
        </div>
      </header>
      <div className="spot-trade">
        {/* A new market is a new form: its machine starts again rather than carrying an order over. */}
        <OrderForm key={symbol} symbol={symbol} spot={spot} />
        <MarketActivity symbol={symbol} book="spot" />
      </div>
      <OrderLists spot={spot} refreshed={refreshed} />
    </div>
  );
}
