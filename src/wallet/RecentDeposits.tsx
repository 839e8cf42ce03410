// Under the deposit address: what the user holds of the asset and the latest deposits of it on this
// chain, both live (the `balances` and `deposits` channels), so a payment sent to the address is
// seen arriving, confirming and credited without leaving or reloading the page.
import { dash } from '../../core/figures.ts';
import type { Chain } from '../../workers/facade.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { WalletLoading } from '../ui/LoadStates.tsx';
import { DepositList } from './DepositList.tsx';

export function RecentDeposits(props: { asset: string; chain: Chain }) {
  const { t } = useTranslation();
  const { asset, chain } = props;
  const view = useView('depositActivity', { asset, chain });
  return (
    <section className="wallet-section" aria-labelledby="recent-deposits">
      <dl className="wallet-facts card">
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd>
            <FigureWithUnit
              figure={view?.availableShown ?? dash}
              unit={asset}
              testId="deposit-available"
            />
          </dd>
        </div>
      </dl>
      <h2 id="recent-deposits" className="wallet-section__title">
        {t('wallet.deposit.recent')}
      </h2>
      {!view?.loaded ? (
        <WalletLoading />
      ) : view.rows.length === 0 ? (
        <p className="wallet-item__note">{t('wallet.deposit.none')}</p>
      ) : (
        <DepositList rows={view.rows} />
      )}
    </section>
  );
}
