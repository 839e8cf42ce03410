// The user's deposits, newest first: amount, how far its confirmations are, chain, transaction id
// (shortened, copyable) and time.

import type { DepositRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { shorten } from './short-text.ts';

export function DepositList(props: { rows: readonly DepositRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="wallet-list">
      {props.rows.map((row) => (
        <li key={row.id} className="card wallet-item" data-testid={`deposit-row-${row.id}`}>
          <div className="wallet-item__top">
            <span className="wallet-item__title">
              <FigureWithUnit figure={row.amountShown} unit={row.asset} />
            </span>
            {row.status === 'credited' ? (
              <span className="status-pill status-pill--done">{t('wallet.deposits.credited')}</span>
            ) : (
              <span className="status-pill status-pill--waiting">
                {t('wallet.deposits.confirming', {
                  done: row.confirmations,
                  required: row.required,
                })}
              </span>
            )}
          </div>
          <dl className="wallet-facts">
            <div>
              <dt>{t('wallet.chain')}</dt>
              <dd>{row.chain}</dd>
            </div>
            <div>
              <dt>{t('wallet.deposits.txid')}</dt>
              <dd className="wallet-facts__copy">
                <span dir="ltr" title={row.txid}>
                  {shorten(row.txid)}
                </span>
                <CopyButton text={row.txid} label={t('wallet.deposits.copyTxid')} />
              </dd>
            </div>
            <div>
              <dt>{t('wallet.time')}</dt>
              <dd className="figure">{row.time}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
