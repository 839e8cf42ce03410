// Deposit (`/pages/assets/recharge`): choose an asset and a chain open for deposits, then the
// user's own address for it with its QR code, the balance of the asset and its latest deposits on
// that chain as they confirm.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { AssetChainPicker } from './AssetChainPicker.tsx';
import { DepositAddressCard } from './DepositAddressCard.tsx';
import { RecentDeposits } from './RecentDeposits.tsx';
import { useAssetChoice } from './use-asset-choice.ts';

export function WalletDepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choice = useAssetChoice('deposit', useSearch({ from: routes.deposit.path }));
  const { load, asset, chain } = choice;

  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return (
    <div className="wallet-page">
      {asset && chain ? (
        <>
          <section className="card wallet-form">
            <AssetChainPicker choice={choice} />
          </section>
          <DepositAddressCard
            key={`${asset.asset}-${chain.chain}`}
            asset={asset.asset}
            chain={chain.chain}
            confirmations={chain.confirmations}
          />
          <RecentDeposits
            key={`recent-${asset.asset}-${chain.chain}`}
            asset={asset.asset}
            chain={chain.chain}
          />
        </>
      ) : (
        <EmptyState text={t('wallet.deposit.closed')} />
      )}
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => void navigate({ to: routes.deposits.path })}
      >
        {t('wallet.deposit.history')}
      </button>
    </div>
  );
}
