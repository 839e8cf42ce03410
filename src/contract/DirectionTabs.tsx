// Open long or open short: two tabs coloured as the market colours them (win green, lose red). Their
// labels are their own strings, so a language whose "Open long" does not fit half the form's
// column at 390 px (German's "Long eröffnen") may name the tabs shorter than the submit button.

import type { Direction } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function DirectionTabs(props: { value: Direction; onChange(direction: Direction): void }) {
  const { t } = useTranslation();
  return (
    <div className="tabs contract-directions" role="tablist" aria-label={t('contract.direction')}>
      {(['long', 'short'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          role="tab"
          className={`tab contract-direction contract-direction--${direction}`}
          aria-selected={props.value === direction}
          data-testid={`contract-direction-${direction}`}
          onClick={() => props.onChange(direction)}
        >
          {direction === 'long'
            ? t('contract.directionTabs.long')
            : t('contract.directionTabs.short')}
        </button>
      ))}
    </div>
  );
}
