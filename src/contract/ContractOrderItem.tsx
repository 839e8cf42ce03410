// One contract order: what it does and for what (the trader's own, a take-profit, a stop-loss, a
// liquidation), its price, quantity, average fill, fee and PnL, status and time; a resting one can
// be cancelled.

import type { ContractOrderRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { Fact } from '../ui/Fact.tsx';

export function ContractOrderItem(props: {
  row: ContractOrderRow;
  onCancel?: ((id: number) => void) | undefined;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const long = row.action === 'openLong' || row.action === 'closeShort';
  return (
    <li
      className="contract-order"
      data-testid={`contract-order-${row.id}`}
      data-status={row.status}
    >
      <div className="contract-order__head">
        <span className="contract-position__pair">{displaySymbol(row.symbol)}</span>
        <span className={`side-badge side-badge--${long ? 'long' : 'short'}`}>
          {t(`contract.actions.${row.action}`)}
        </span>
        <span className="side-badge">
          {row.type === 'limit' ? t('trade.limit') : t('trade.market')}
          {row.purpose !== 'user' ? ` · ${t(`contract.purposes.${row.purpose}`)}` : ''}
        </span>
        <span className="contract-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <Fact label={t('trade.orders.price')} value={row.price} />
        <Fact label={t('contract.quantity')} value={row.quantity} />
        <Fact
          label={t('trade.orders.filled')}
          value={row.filled}
          testId={`contract-order-filled-${row.id}`}
        />
        <Fact
          label={t('trade.orders.avgPrice')}
          value={row.avgPrice}
          testId={`contract-order-avg-${row.id}`}
        />
        <Fact label={t('trade.orders.fee')} value={row.fee} />
        <Fact label={t('contract.realizedPnl')} value={row.pnl} />
      </dl>
      <div className="contract-order__foot">
        <span data-testid={`contract-order-status-${row.id}`}>
          {t(`contract.status.${row.status}`)}
        </span>
        {row.cancelReason && row.cancelReason !== 'user' && (
          <span className="contract-order__reason">
            {t(`contract.cancelReasons.${row.cancelReason}`)}
          </span>
        )}
        {row.open && props.onCancel && (
          <button
            type="button"
            className="button button--ghost"
            data-testid={`contract-cancel-${row.id}`}
            disabled={props.cancelling}
            onClick={() => props.onCancel?.(row.id)}
          >
            {t('trade.orders.cancel')}
          </button>
        )}
      </div>
    </li>
  );
}
