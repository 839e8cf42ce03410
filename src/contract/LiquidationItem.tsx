// One liquidation with the inputs that decided it, so a trader can check it: the recorded mark and
// when it was recorded, the backing against the maintenance margin and its rate at that mark, the
// liquidation price the position showed and the bankruptcy price it was closed at, what the book
// took and what auto-deleveraging took, and what went to the insurance fund.

import type { LiquidationRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Fact } from '../ui/Fact.tsx';
import { PositionBadges } from './PositionBadges.tsx';

export function LiquidationItem(props: { row: LiquidationRow }) {
  const { t } = useTranslation();
  const { row } = props;
  const id = row.positionId;
  return (
    <li className="contract-order" data-testid={`liquidation-${id}`}>
      <div className="contract-order__head">
        <PositionBadges symbol={row.symbol} direction={row.direction} marginMode={row.marginMode} />
        <span className="contract-order__time">{row.time}</span>
      </div>
      <dl className="facts">
        <Fact label={t('contract.quantity')} value={row.quantity} />
        <Fact label={t('contract.entry')} value={row.entry} />
        <Fact label={t('contract.mark')} value={row.mark} testId={`liquidation-mark-${id}`} />
        <Fact label={t('contract.liquidations.markAt')} value={row.markTime} />
        <Fact label={t('contract.liquidations.shownLiquidation')} value={row.liquidation} />
        <Fact label={t('contract.liquidations.bankruptcy')} value={row.bankruptcy} />
        <Fact
          label={t('contract.liquidations.backing')}
          value={row.backing}
          testId={`liquidation-backing-${id}`}
        />
        <Fact
          label={t('contract.liquidations.maintenanceMargin')}
          value={row.maintenanceMargin}
          testId={`liquidation-maintenance-${id}`}
        />
        <Fact label={t('contract.liquidations.maintenanceRate')} value={row.maintenanceRate} />
        <Fact label={t('contract.liquidations.filled')} value={row.filled} />
        <Fact label={t('contract.liquidations.adl')} value={row.adl} />
        <Fact label={t('contract.liquidations.insuranceFee')} value={row.insuranceFee} />
      </dl>
      <p className="contract-note">
        {row.marginMode === 'cross'
          ? t('contract.liquidations.ruleCross')
          : t('contract.liquidations.ruleIsolated')}
      </p>
    </li>
  );
}
