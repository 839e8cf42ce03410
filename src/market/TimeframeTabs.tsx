// The chart's timeframes, 1m to 1d, as tabs.

import { type KlinePeriod, klinePeriods } from '../../schemas/market-names.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function TimeframeTabs(props: { value: KlinePeriod; onChange(period: KlinePeriod): void }) {
  const { t } = useTranslation();
  return (
    <div className="timeframes" role="tablist" aria-label={t('kline.timeframe')}>
      {klinePeriods.map((period) => (
        <button
          key={period}
          type="button"
          role="tab"
          className="timeframe"
          data-testid={`timeframe-${period}`}
          aria-selected={period === props.value}
          onClick={() => props.onChange(period)}
        >
          {t(`kline.periods.${period}`)}
        </button>
      ))}
    </div>
  );
}
