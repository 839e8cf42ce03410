// The asset center's balances, account by account: each asset's holding (available and frozen
// together) beside what that same holding is worth in USDT, so the two figures of a row agree;
// then the available part (the one a user acts on) and the frozen part. A token no market quotes
// is worth its pre-sale price, and says so.

import { walletNames } from '../../schemas/wallet-names.ts';
import type { BalanceRow, WalletName } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure, FigureWithUnit } from '../ui/Figures.tsx';

export function BalanceList(props: {
  rows: readonly BalanceRow[];
  walletTotals: Readonly<Record<WalletName, string>>;
}) {
  const { t } = useTranslation();
  return (
    <div className="balance-groups">
      {walletNames.map((wallet) => {
        const rows = props.rows.filter((row) => row.wallet === wallet);
        return (
          <section key={wallet} className="card balance-group" aria-labelledby={`wallet-${wallet}`}>
            <header className="balance-group__header">
              <h2 id={`wallet-${wallet}`} className="card__title">
                {t(`wallet.accounts.${wallet}`)}
              </h2>
              <span className="balance-group__total">
                ≈{' '}
                <FigureWithUnit
                  figure={props.walletTotals[wallet]}
                  unit="USDT"
                  testId={`wallet-total-${wallet}`}
                />
              </span>
            </header>
            {rows.length === 0 ? (
              <p className="balance-group__empty">{t('wallet.center.accountEmpty')}</p>
            ) : (
              <ul className="balance-list">
                {rows.map((row) => (
                  <li key={row.asset} className="balance-row">
                    <span className="balance-row__asset">{row.asset}</span>
                    <span className="balance-row__available">
                      <Figure testId={`balance-${wallet}-${row.asset}`}>{row.heldShown}</Figure>
                    </span>
                    <span className="balance-row__detail">
                      <span>
                        {t('wallet.available')}{' '}
                        <Figure testId={`balance-available-${wallet}-${row.asset}`}>
                          {row.availableShown}
                        </Figure>
                      </span>
                      <span>
                        {t('wallet.center.frozen')} <Figure>{row.frozenShown}</Figure>
                      </span>
                      <span data-testid={`balance-value-${wallet}-${row.asset}`}>
                        ≈ <FigureWithUnit figure={row.valueShown} unit="USDT" />
                        {row.presale && (
                          <span className="balance-row__basis" data-testid="presale-basis">
                            {' '}
                            {t('wallet.center.presalePrice')}
                          </span>
                        )}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
