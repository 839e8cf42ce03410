// Withdraw (`/pages/assets/withdraw`): asset and chain open for withdrawals, the form, and the
// recent withdrawals, where a pending one can be cancelled. What confirms a withdrawal (an
// authenticator, passkeys, a hold running) is asked when the page opens.
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { WithdrawalRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { AssetChainPicker } from './AssetChainPicker.tsx';
import { availableIn } from './available-in.ts';
import { useAssetChoice } from './use-asset-choice.ts';
import { useWithdrawals } from './use-withdrawals.ts';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';

export function WalletWithdrawPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const choice = useAssetChoice('withdraw', useSearch({ from: routes.withdraw.path }));
  const balances = useLoad(['walletBalances'], () => core.walletBalances());
  // What the channel pushed since the answer counts: a deposit, a rejection's unfrozen funds.
  const shownBalances = useView('liveBalances') ?? balances.data;
  // Asked here, not taken from the menu's copy: a trade password set a moment ago counts.
  const user = useLoad(['userInfo'], () => core.userInfo());
  // Asked here too: an authenticator or passkey bound a moment ago counts.
  const safeguards = useLoad(['withdrawSafeguards'], () => core.withdrawSafeguards());
  const reloadBalances = balances.reload;
  const refresh = useCallback(() => void reloadBalances(), [reloadBalances]);
  const withdrawals = useWithdrawals(refresh);
  const { asset, chain, load } = choice;

  const done = (row: WithdrawalRow) => {
    withdrawals.add(row);
    refresh();
  };
  const retryList = () => void withdrawals.reload();

  return (
    <div className="wallet-page">
      {load.data === null ? (
        load.failed ? (
          <WalletFailed onRetry={() => void load.reload()} />
        ) : (
          <WalletLoading />
        )
      ) : asset && chain ? (
        <section className="card wallet-form">
          <AssetChainPicker choice={choice} />
          <WithdrawForm
            key={`${asset.asset}-${chain.chain}`}
            asset={asset.asset}
            chain={chain}
            available={availableIn(shownBalances, 'funding', asset.asset)}
            tradePasswordSet={user.data?.trade_password_set ?? null}
            safeguards={safeguards.data}
            onSafeguardsStale={() => void safeguards.reload()}
            onDone={done}
          />
        </section>
      ) : (
        <EmptyState text={t('wallet.withdraw.closed')} />
      )}

      <section className="wallet-section" aria-labelledby="recent-withdrawals">
        <h2 id="recent-withdrawals" className="wallet-section__title">
          {t('wallet.withdrawals.title')}
        </h2>
        {!withdrawals.loaded && withdrawals.rows.length === 0 ? (
          withdrawals.failed ? (
            <WalletFailed onRetry={retryList} />
          ) : (
            <WalletLoading />
          )
        ) : withdrawals.rows.length === 0 ? (
          <EmptyState text={t('wallet.withdrawals.empty')} />
        ) : (
          <>
            {withdrawals.failed && <WalletRefreshFailed onRetry={retryList} />}
            <WithdrawalList
              rows={withdrawals.rows}
              cancelling={withdrawals.cancelling}
              onCancel={(id) => void withdrawals.cancel(id)}
            />
            <LoadMore
              more={withdrawals.more}
              loading={withdrawals.loading}
              onMore={withdrawals.loadMore}
            />
          </>
        )}
      </section>
    </div>
  );
}
