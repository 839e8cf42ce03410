// What a contract row heads itself with, alike on the open position's card, a closed position, a
// liquidation and a funding payment: the market, the direction, and where the row knows them the
// margin mode and the leverage.
import type { ContractPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { Figure } from '../ui/Figures.tsx';

export function PositionBadges(props: {
  symbol: string;
  direction: ContractPositionRow['direction'];
  marginMode?: ContractPositionRow['marginMode'];
  leverage?: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span className="contract-position__pair">{displaySymbol(props.symbol)}</span>
      <span className={`side-badge side-badge--${props.direction}`}>
        {props.direction === 'long' ? t('contract.long') : t('contract.short')}
      </span>
      {props.marginMode && (
        <span className="side-badge">
          {t(`contract.marginMode.${props.marginMode}`)}
          {props.leverage !== undefined && (
            <>
              {' '}
              <Figure>{props.leverage}×</Figure>
            </>
          )}
        </span>
      )}
    </>
  );
}
