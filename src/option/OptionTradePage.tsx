// Second-contract trading (`/pages/option/trade?symbol=BTCUSDT`): the market's last price, its
// live chart with the opening price of each open contract drawn across it, the order form
// (duration, stake, the odds at the published rate, up or down), the user's contracts with their
// countdowns and history, and the published rules. Pull down to refresh.
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ConnectionBadge } from '../market/ConnectionBadge.tsx';
import { defaultSymbol } from '../market/market-query.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { SimulatedBadge } from '../market/SimulatedBadge.tsx';
import { routes } from '../routes/route-table.ts';
import { LastPrice } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { OptionAccount } from './OptionAccount.tsx';
import { OptionChart } from './OptionChart.tsx';
import { OptionOrderForm } from './OptionOrderForm.tsx';
import { OptionRules } from './OptionRules.tsx';
import './option.css';

export function OptionTradePage() {
  const { t } = useTranslation();
  const core = useWorker();
  const { symbol = defaultSymbol } = useSearch({ from: routes.optionTrade.path });
  const view = useView('option', { symbol });
  const refresh = useCallback(() => core.refreshOption(), [core]);
  usePullRefresh(refresh);

  if (!view) return <ListLoading text={t('loading.page')} />;
  return (
    <div className="option-page" data-testid="option-page">
      <header className="option-header">
        <div className="option-header__main">
          <h2 className="option-header__pair">{displaySymbol(symbol)}</h2>
          <LastPrice value={view.last} trend={view.trend} testId="option-last" />
        </div>
        <div className="badges">
          <SimulatedBadge show={view.simulated} />
          <ConnectionBadge />
        </div>
        {view.stale && (
          <p className="list-warning" role="alert">
            {t('option.stale')}
          </p>
        )}
        {view.offer && !view.offer.enabled && (
          <p className="list-warning" role="alert">
            {t(
              view.offer.closedReason === 'predictable_feed'
                ? 'option.predictableFeed'
                : 'option.notOffered',
            )}
          </p>
        )}
        {view.offer?.enabled && !view.offer.offered && (
          <p className="list-warning" role="alert">
            {t('option.marketNotOffered')}
          </p>
        )}
      </header>
      <OptionChart symbol={symbol} contracts={view.contracts} />
      {/* A new market is a new form: its machine starts again, carrying no order over. */}
      <OptionOrderForm key={symbol} symbol={symbol} view={view} />
      <OptionAccount view={view} />
      <OptionRules />
    </div>
  );
}
