// One fill: the market, the side and whether the order took liquidity or rested, the order it
// filled, and its price, quantity, value, fee and the PnL it realized.

import type { ContractFillRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { Fact } from '../ui/Fact.tsx';

export function ContractFillItem(props: { row: ContractFillRow }) {
  const { t } = useTranslation();
  const { row } = props;
  return (
    <li className="contract-order" data-testid={`fill-${row.key}`}>
      <div className="contract-order__head">
        <span className="contract-position__pair">{displaySymbol(row.symbol)}</span>
        <span className={`side-badge side-badge--${row.side === 'buy' ? 'long' : 'short'}`}>
          {row.side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </span>
        <span className="side-badge">
          {row.role === 'taker' ? t('contract.fills.taker') : t('contract.fills.maker')}
        </span>
        <span className="contract-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <Fact label={t('contract.price')} value={row.price} testId={`fill-price-${row.key}`} />
        <Fact label={t('contract.quantity')} value={row.quantity} />
        <Fact label={t('contract.fills.value')} value={row.value} />
        <Fact label={t('contract.fills.fee')} value={row.fee} />
        <Fact label={t('contract.realizedPnl')} value={row.pnl} sign={row.pnlSign} />
      </dl>
      {row.orderId !== null && (
        <div className="contract-order__foot">
          <span className="contract-order__reason">
            {t('contract.fills.order', { id: row.orderId })}
          </span>
        </div>
      )}
    </li>
  );
}
