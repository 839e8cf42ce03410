// The deposit list (`/pages/assets/rechargeList`, where the menu's deposit entry leads): each
// deposit with its confirmations, kept current by the `deposits` channel (a new deposit comes on
// top, a confirming one counts up), and the way to make a new one.
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { withLiveDeposits } from '../../core/wallet/live-deposits.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { DepositList } from './DepositList.tsx';

export function WalletDepositsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const list = usePagedList(['deposits'], (page) => core.deposits(page));
  const updates = useView('depositUpdates');
  const rows = useMemo(() => withLiveDeposits(list.rows, updates ?? []), [list.rows, updates]);
  usePullRefresh(list.reload);
  const retry = () => void list.reload();
  const toDeposit = () => void navigate({ to: routes.deposit.path });

  return (
    <div className="wallet-page">
      <button type="button" className="button button--block" onClick={toDeposit}>
        {t('wallet.deposits.new')}
      </button>
      {!list.loaded ? (
        list.failed ? (
          <WalletFailed onRetry={retry} />
        ) : (
          <WalletLoading />
        )
      ) : rows.length === 0 ? (
        <EmptyState text={t('wallet.deposits.empty')} />
      ) : (
        <>
          {list.failed && <WalletRefreshFailed onRetry={retry} />}
          <DepositList rows={rows} />
          <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
        </>
      )}
    </div>
  );
}
