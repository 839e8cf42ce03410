// Spot trading (`/pages/spot/trade?symbol=BTCUSDT`): the pair (a tap switches it) and its price;
// the order form with the order book beside it, as traders know it from the large exchanges' apps;
// the user's current, dealt and finished orders; the recent trades. Pull down to refresh.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ConnectionBadge } from '../market/ConnectionBadge.tsx';
import { defaultSymbol, klineSearch } from '../market/market-query.ts';
import { RecentTrades } from '../market/RecentTrades.tsx';
import { SimulatedBadge } from '../market/SimulatedBadge.tsx';
import { TradeSplit } from '../market/TradeSplit.tsx';
import { routes } from '../routes/route-table.ts';
import { LastPrice } from '../ui/Figures.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { OrderForm } from './OrderForm.tsx';
import { OrderLists } from './OrderLists.tsx';
import { PairSwitcher } from './PairSwitcher.tsx';
import { pairName } from './spot-query.ts';
import { spotViewBeforeAnswer } from './view-before-answer.ts';
import './spot.css';

export function SpotTradePage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const { symbol = defaultSymbol, side } = useSearch({ from: routes.spotTrade.path });
  // The page's frame draws at once, before the worker has sent a view of the market.
  const before = useMemo(() => spotViewBeforeAnswer(symbol), [symbol]);
  const spot = useView('spot', { symbol }) ?? before;
  // Stable while only the price moves: a view keeps its unchanged parts as the same objects.
  const { orders, rules } = spot;
  const ordersOf = useMemo(() => ({ symbol, orders, rules }), [symbol, orders, rules]);
  const [refreshed, setRefreshed] = useState(0);
  const refresh = useCallback(async () => {
    await core.refreshSpot();
    setRefreshed((count) => count + 1);
  }, [core]);
  usePullRefresh(refresh);
  // The header is drawn with the route; the form, the book and the lists just after, in a pass
  // React slices, so opening the page is never one long task of the phone's main thread.
  const drawn = useDeferredValue(true, false);

  const base = spot.rules?.base ?? symbol.replace(/USDT$/, '');
  const quote = spot.rules?.quote ?? 'USDT';
  return (
    <div className="spot-page" data-testid="spot-page">
      <header className="spot-header">
        <div>
          <PairSwitcher symbol={symbol} pair={pairName(base, quote)} />
          <span className="spot-header__label">{t('spot.currentPrice')}</span>{' '}
          <LastPrice value={spot.lastShown} trend={spot.trend} testId="spot-last" />
        </div>
        <div className="badges">
          <SimulatedBadge show={spot.simulated} />
          <ConnectionBadge />
          <button
            type="button"
            className="button button--ghost spot-header__chart"
            onClick={() => void navigate({ to: routes.kline.path, search: klineSearch(symbol) })}
          >
            {t('trade.chart')}
          </button>
        </div>
      </header>
      {drawn && (
        <>
          <TradeSplit
            symbol={symbol}
            book="spot"
            bookLabel={t('kline.book')}
            last={<LastPrice value={spot.lastShown} trend={spot.trend} />}
            form={(book) => (
              // A new market is a new form: its machine starts again, not carrying an order over.
              <OrderForm key={symbol} symbol={symbol} spot={spot} book={book} side={side} />
            )}
          />
          <OrderLists spot={ordersOf} refreshed={refreshed} />
          <RecentTrades symbol={symbol} book="spot" />
        </>
      )}
    </div>
  );
}
