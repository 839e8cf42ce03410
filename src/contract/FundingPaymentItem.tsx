// One funding payment: the round's time, rate and mark, the position's direction and quantity it
// was paid on, and what was received (positive) or paid (negative).

import type { FundingPaymentRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure, FigureWithUnit } from '../ui/Figures.tsx';
import { PositionBadges } from './PositionBadges.tsx';

export function FundingPaymentItem(props: { row: FundingPaymentRow }) {
  const { t } = useTranslation();
  const { row } = props;
  const tone = row.amountSign > 0 ? 'price--up' : row.amountSign < 0 ? 'price--down' : '';
  return (
    <li className="contract-order" data-testid={`funding-${row.key}`}>
      <div className="contract-order__head">
        <PositionBadges symbol={row.symbol} direction={row.direction} />
        <span className="contract-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>
            {row.amountSign >= 0 ? t('contract.funding.received') : t('contract.funding.paid')}
          </dt>
          <dd>
            <FigureWithUnit figure={row.amount} unit="USDT" className={tone} />
          </dd>
        </div>
        <div>
          <dt>{t('contract.fundingRate')}</dt>
          <dd>
            <Figure>{row.rate}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('contract.mark')}</dt>
          <dd>
            <Figure>{row.mark}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('contract.quantity')}</dt>
          <dd>
            <Figure>{row.quantity}</Figure>
          </dd>
        </div>
      </dl>
    </li>
  );
}
