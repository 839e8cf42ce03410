// The durations offered with their published payout rates, by unit: a summary above the market
// list, so the terms are read before a market is chosen.

import type { OptionDurationGroup } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';

export function DurationRates(props: { groups: readonly OptionDurationGroup[] }) {
  const { t } = useTranslation();
  if (props.groups.length === 0) return null;
  return (
    <section className="option-rates card" aria-label={t('option.board.rates')}>
      <h2 className="option-rates__title">{t('option.board.rates')}</h2>
      <dl className="option-rates__list">
        {props.groups.flatMap((group) =>
          group.chips.map((chip) => (
            <div
              key={`${chip.unit}-${chip.length}`}
              data-testid={`option-rate-${chip.unit}-${chip.length}`}
            >
              <dt>{t(`option.duration.${chip.unit}`, { count: chip.length })}</dt>
              <dd>
                <Figure>{chip.rate}</Figure>
              </dd>
            </div>
          )),
        )}
      </dl>
      <p className="option-note">{t('option.board.ratesHint')}</p>
    </section>
  );
}
