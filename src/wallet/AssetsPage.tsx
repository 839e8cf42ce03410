// The asset center (`/pages/assets/index`): everything in USDT, each account's total, the balances,
// the ways to move money, and the way to the proof that the balances are counted in the reserves;
// pull down to refresh. The balances follow the private `balances` channel without a reload.
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { dash } from '../../core/figures.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { BalanceList } from './BalanceList.tsx';

// Loaded when the button is tapped: the page itself stays as light as it was.
const SmallBalancesSheet = lazy(() =>
  import('./SmallBalancesSheet.tsx').then((module) => ({ default: module.SmallBalancesSheet })),
);

const actions = [
  ['wallet.center.deposit', routes.deposit.path],
  ['wallet.center.withdraw', routes.withdraw.path],
  ['wallet.center.transfer', routes.transfer.path],
  ['wallet.center.records', routes.walletRecords.path],
] as const;

export function AssetsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const balances = useLoad(
    ['walletBalances'],
    () => core.walletBalances(),
    () => core.knownWalletBalances(),
  );
  const { reload } = balances;
  usePullRefresh(reload);
  const retry = useCallback(() => void reload(), [reload]);
  // The balances as the channel keeps them once answered: a deposit shows without a reload.
  const data = useView('liveBalances') ?? balances.data;
  const [converting, setConverting] = useState(false);

  return (
    <div className="wallet-page">
      <section className="card wallet-summary">
        <p className="wallet-summary__label">{t('wallet.center.total')}</p>
        <p className="wallet-summary__total">
          <span>
            <FigureWithUnit
              figure={data?.total ?? dash}
              unit="USDT"
              testId="asset-total"
              unitClassName="wallet-summary__unit"
            />
          </span>
        </p>
        <div className="wallet-actions">
          {actions.map(([label, path]) => (
            <button
              key={path}
              type="button"
              className="wallet-action"
              onClick={() => void navigate({ to: path })}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </section>
      {data === null ? (
        balances.failed ? (
          <WalletFailed onRetry={retry} />
        ) : (
          <WalletLoading />
        )
      ) : (
        <>
          {balances.failed && <WalletRefreshFailed onRetry={retry} />}
          {data.rows.length === 0 ? (
            <EmptyState
              text={t('wallet.center.empty')}
              actionLabel={t('wallet.center.deposit')}
              onAction={() => void navigate({ to: routes.deposit.path })}
            />
          ) : (
            <BalanceList rows={data.rows} walletTotals={data.wallets} />
          )}
        </>
      )}
      <button
        type="button"
        className="button button--ghost button--block"
        data-testid="small-balances-entry"
        onClick={() => setConverting(true)}
      >
        {t('smallBalances.open')}
      </button>
      {converting && (
        <Suspense fallback={null}>
          <SmallBalancesSheet onClose={() => setConverting(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="button button--ghost button--block"
        data-testid="reserves-entry"
        onClick={() => void navigate({ to: routes.reserves.path })}
      >
        {t('titles.reserves')}
      </button>
    </div>
  );
}
