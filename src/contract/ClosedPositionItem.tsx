// One closed position: market, direction and leverage, how it closed (one reason, beside the
// market, as one phrase: "Closed by take-profit", "Liquidated"), the realized PnL first, the
// quantity, entry and close prices, fees and funding, and its share card.
import { useNavigate } from '@tanstack/react-router';

import type { ClosedPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { shareSearch } from './contract-query.ts';
import { PositionBadges } from './PositionBadges.tsx';
export function ClosedPositionItem(props: { row: ClosedPositionRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { row } = props;
  return (
    <li className="contract-order" data-testid={`closed-position-${row.id}`}>
      <div className="contract-order__head">
        <PositionBadges
          symbol={row.symbol}
          direction={row.direction}
          marginMode={row.marginMode}
          leverage={row.leverage}
        />
        <span
          className={`contract-reason contract-reason--${row.reason}`}
          data-testid={`closed-reason-${row.id}`}
          data-reason={row.reason}
        >
          {t(`contract.reasons.${row.reason}`)}
        </span>
      </div>
      <dl className="facts">
        <Fact
          label={t('contract.realizedPnl')}
          value={row.pnl}
          sign={row.pnlSign}
          testId={`closed-pnl-${row.id}`}
        />
        <Fact label={t('contract.quantity')} value={row.quantity} testId={`closed-qty-${row.id}`} />
        <Fact label={t('contract.entry')} value={row.entry} />
        <Fact
          label={t('contract.closePrice')}
          value={row.close}
          testId={`closed-price-${row.id}`}
        />
        <Fact label={t('contract.fees')} value={row.fees} />
        <Fact label={t('contract.fundingFee')} value={row.funding} />
      </dl>
      <div className="contract-order__foot">
        <span className="contract-order__time">{row.closedAt}</span>
        <button
          type="button"
          className="button button--ghost"
          data-testid={`closed-share-${row.id}`}
          onClick={() =>
            void navigate({
              to: routes.contractShare.path,
              search: shareSearch({ kind: 'closed', id: row.id }),
            })
          }
        >
          {t('contract.share')}
        </button>
      </div>
    </li>
  );
}
