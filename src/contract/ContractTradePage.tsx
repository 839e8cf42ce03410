// Perpetual trading (`/pages/contract/trade?symbol=BTCUSDT`): the market's last price, mark and
// funding, the order form with the perpetual's own order book beside it (the spot page's layout),
// the user's positions and resting orders, and the recent trades. Pull down to refresh. The pair is
// a button: it opens the sheet of every perpetual (./PairSheet.tsx), which switches the market. The
// Chart button shows the perpetual's chart under the header with its mark, entry, liquidation and
// TP/SL lines (./PerpetualChart.tsx), loaded with d3 the first time it is opened.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ConnectionBadge } from '../market/ConnectionBadge.tsx';
import { defaultSymbol } from '../market/market-query.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { RecentTrades } from '../market/RecentTrades.tsx';
import { SimulatedBadge } from '../market/SimulatedBadge.tsx';
import { TradeSplit } from '../market/TradeSplit.tsx';
import { routes } from '../routes/route-table.ts';
import { Figure, LastPrice } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { ContractAccount } from './ContractAccount.tsx';
import { ContractOrderForm } from './ContractOrderForm.tsx';
import { PairSheet } from './PairSheet.tsx';
import './contract.css';
import { Countdown } from '../ui/Countdown.tsx';

const PerpetualChart = lazy(() =>
  import('./PerpetualChart.tsx').then((module) => ({ default: module.PerpetualChart })),
);

export function ContractTradePage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const { symbol = defaultSymbol } = useSearch({ from: routes.contractTrade.path });
  const view = useView('contract', { symbol });
  const refresh = useCallback(() => core.refreshContract(), [core]);
  usePullRefresh(refresh);
  const [switching, setSwitching] = useState(false);
  const [charting, setCharting] = useState(false);

  if (!view) return <ListLoading text={t('loading.page')} />;
  return (
    <div className="contract-page" data-testid="contract-page">
      {/* Two rows of their own: the pair and the chart, then the price and the feed's labels,
          so the "Simulated market" label, when it comes, has its room beside the price. */}
      <header className="contract-header">
        <div className="contract-header__row">
          <h2 className="contract-header__pair">
            <button
              type="button"
              className="contract-header__switch"
              data-testid="contract-pair"
              aria-haspopup="dialog"
              aria-label={t('contract.pairs.switch', { pair: displaySymbol(symbol) })}
              onClick={() => setSwitching(true)}
            >
              <span className="contract-header__symbol">{displaySymbol(symbol)}</span>
              <span className="contract-header__caret" aria-hidden="true">
                ▾
              </span>
            </button>{' '}
            <span className="contract-board__tag">{t('contract.perpetual')}</span>
          </h2>
          <button
            type="button"
            className="button button--ghost contract-header__chart"
            data-testid="contract-chart-toggle"
            aria-expanded={charting}
            onClick={() => setCharting(!charting)}
          >
            {t('trade.chart')}
          </button>
        </div>
        <div className="contract-header__row">
          <LastPrice value={view.last} trend={view.trend} testId="contract-last" />
          <div className="badges">
            <SimulatedBadge show={view.simulated} />
            <ConnectionBadge />
          </div>
        </div>
        <dl className="contract-header__stats">
          <div>
            <dt>{t('contract.mark')}</dt>
            <dd>
              <Figure testId="contract-mark">{view.mark}</Figure>
            </dd>
          </div>
          <div>
            <dt>{t('contract.index')}</dt>
            <dd>
              <Figure testId="contract-index">{view.index}</Figure>
            </dd>
          </div>
          <div>
            <dt>{t('contract.fundingCountdown')}</dt>
            <dd>
              <Figure testId="contract-funding-rate">{view.fundingRate}</Figure>
              <span className="contract-header__countdown">
                <Countdown until={view.nextFunding} testId="contract-countdown" />
              </span>
            </dd>
          </div>
        </dl>
        {view.stale && (
          <p className="list-warning" role="alert">
            {t('contract.stale')}
          </p>
        )}
      </header>
      {charting && (
        <Suspense fallback={<ListLoading text={t('kline.loadingChart')} />}>
          <PerpetualChart symbol={symbol} view={view} />
        </Suspense>
      )}
      <TradeSplit
        symbol={symbol}
        book="contract"
        bookLabel={t('contract.book', { pair: displaySymbol(symbol) })}
        last={<LastPrice value={view.last} trend={view.trend} />}
        form={(book) => (
          // A new market is a new form: its machine starts again rather than carrying an order over.
          <ContractOrderForm key={symbol} symbol={symbol} view={view} book={book} />
        )}
      />
      <ContractAccount view={view} />
      <RecentTrades symbol={symbol} book="contract" testId="contract-trades" />
      {switching && (
        <PairSheet
          symbol={symbol}
          onClose={() => setSwitching(false)}
          onPick={(picked) => {
            setSwitching(false);
            if (picked !== symbol) {
              void navigate({ to: routes.contractTrade.path, search: { symbol: picked } });
            }
          }}
        />
      )}
    </div>
  );
}
