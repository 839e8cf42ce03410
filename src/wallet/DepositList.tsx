// The user's deposits, newest first: amount, how far its confirmations are (live, from the
// `deposits` channel: "Confirming 1/3", then credited, or dropped by the network), chain,
// transaction id (shortened, copyable, linked to the block explorer when there is one) and time.

import type { DepositRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { TxidFact } from './TxidFact.tsx';

function DepositStatus(props: { row: DepositRow }) {
  const { t } = useTranslation();
  const { row } = props;
  const testId = `deposit-status-${row.id}`;
  if (row.status === 'credited') {
    return (
      <span className="status-pill status-pill--done" data-testid={testId}>
        {t('wallet.deposits.credited')}
      </span>
    );
  }
  if (row.status === 'dropped') {
    return (
      <span className="status-pill status-pill--failed" data-testid={testId}>
        {t('wallet.deposits.dropped')}
      </span>
    );
  }
  return (
    <span className="status-pill status-pill--waiting" data-testid={testId}>
      {t('wallet.deposits.confirming', { done: row.confirmations, required: row.required })}
    </span>
  );
}

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
            <DepositStatus row={row} />
          </div>
          <dl className="wallet-facts">
            <div>
              <dt>{t('wallet.chain')}</dt>
              <dd>{row.chain}</dd>
            </div>
            <TxidFact
              txid={row.txid}
              explorerUrl={row.explorerUrl}
              testId={`deposit-txid-${row.id}`}
            />
            <div>
              <dt>{t('wallet.time')}</dt>
              <dd className="figure">{row.time}</dd>
            </div>
          </dl>
          {row.status === 'dropped' && (
            <p className="wallet-item__note">{t('wallet.deposits.droppedNote')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
