// Withdrawals with their status; a pending one (still awaiting review) can be cancelled, which
// unfreezes its amount and fee. Once broadcast, its transaction is shown (linked to the block
// explorer when there is one) with its confirmations while it is on its way; one that failed on
// chain says why.

import type { WithdrawalRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { shorten } from './short-text.ts';
import { TxidFact } from './TxidFact.tsx';

const statusTone = {
  pending: 'waiting',
  approved: 'waiting',
  sent: 'done',
  failed: 'failed',
  rejected: 'failed',
  cancelled: 'muted',
} as const;

export function WithdrawalList(props: {
  rows: readonly WithdrawalRow[];
  /** Ids whose cancellation is on its way: their button waits. */
  cancelling: ReadonlySet<number>;
  onCancel(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="wallet-list">
      {props.rows.map((row) => (
        <li key={row.id} className="card wallet-item" data-testid={`withdrawal-row-${row.id}`}>
          <div className="wallet-item__top">
            <span className="wallet-item__title">
              <FigureWithUnit figure={row.amountShown} unit={row.asset} />
            </span>
            <span
              className={`status-pill status-pill--${statusTone[row.status]}`}
              data-testid={`withdrawal-status-${row.id}`}
            >
              {t(`wallet.withdrawals.status.${row.status}`)}
            </span>
            {row.status === 'approved' && row.txid !== null && (
              <span
                className="status-pill status-pill--waiting"
                data-testid={`withdrawal-confirmations-${row.id}`}
              >
                {t('wallet.withdrawals.confirmations', { count: row.confirmations })}
              </span>
            )}
          </div>
          <dl className="wallet-facts">
            <div>
              <dt>{t('wallet.chain')}</dt>
              <dd>{row.chain}</dd>
            </div>
            <div>
              <dt>{t('wallet.withdraw.address')}</dt>
              <dd dir="ltr" title={row.address}>
                {shorten(row.address)}
              </dd>
            </div>
            <div>
              <dt>{t('wallet.withdraw.fee')}</dt>
              <dd>
                <FigureWithUnit figure={row.feeShown} unit={row.asset} />
              </dd>
            </div>
            {row.txid !== null && (
              <TxidFact
                txid={row.txid}
                explorerUrl={row.explorerUrl}
                testId={`withdrawal-txid-${row.id}`}
              />
            )}
            <div>
              <dt>{t('wallet.time')}</dt>
              <dd className="figure">{row.time}</dd>
            </div>
          </dl>
          {row.reason && (
            <p className="wallet-item__note">
              {t('wallet.withdrawals.reason', { reason: row.reason })}
            </p>
          )}
          {row.status === 'pending' && (
            <button
              type="button"
              className="button button--ghost button--block"
              data-testid={`withdrawal-cancel-${row.id}`}
              disabled={props.cancelling.has(row.id)}
              onClick={() => props.onCancel(row.id)}
            >
              {t('wallet.withdrawals.cancel')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
