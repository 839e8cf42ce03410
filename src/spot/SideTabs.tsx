// Buy or sell: two tabs coloured as the market colours them (win green, lose red).

import type { SpotOrderForm } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function SideTabs(props: {
  value: SpotOrderForm['side'];
  onChange(side: SpotOrderForm['side']): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tabs spot-sides" role="tablist" aria-label={t('spot.side')}>
      {(['buy', 'sell'] as const).map((side) => (
        <button
          key={side}
          type="button"
          role="tab"
          className={`tab spot-side spot-side--${side}`}
          aria-selected={props.value === side}
          data-testid={`spot-side-${side}`}
          onClick={() => props.onChange(side)}
        >
          {side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </button>
      ))}
    </div>
  );
}
