// One deposit address: its QR code, the address to copy, how many confirmations a deposit waits
// for, and the warning that only this asset on this chain may be sent to it.
import type { Chain } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { useLoad } from '../ui/use-load.ts';

export function DepositAddressCard(props: { asset: string; chain: Chain; confirmations: number }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { asset, chain } = props;
  const load = useLoad(['depositAddress', asset, chain], () => core.depositAddress(asset, chain));
  const { reload } = load;

  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void reload()} /> : <WalletLoading />;
  }
  const { address } = load.data;
  return (
    <section className="card deposit-card">
      <div className="deposit-card__qr">
        <QrCode text={address} label={t('wallet.deposit.qr')} testId="deposit-qr" />
      </div>
      <p className="field__label">{t('wallet.deposit.address')}</p>
      <p className="deposit-card__address" dir="ltr" data-testid="deposit-address">
        {address}
      </p>
      <CopyButton text={address} className="button button--block" />
      <dl className="wallet-facts">
        <div>
          <dt>{t('wallet.chain')}</dt>
          <dd>{chain}</dd>
        </div>
        <div>
          <dt>{t('wallet.deposit.confirmations')}</dt>
          <dd className="figure">{props.confirmations}</dd>
        </div>
      </dl>
      <p className="wallet-warning" role="note">
        {t('wallet.deposit.warning', { asset, chain })}
      </p>
    </section>
  );
}
