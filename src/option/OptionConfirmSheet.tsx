// The confirmation of a second contract before it is sent, as the purchases have one: the market,
// the direction, the duration, the stake, the published rate and what a win pays, repeated once
// more. Confirm places it; Cancel, the backdrop or Escape go back to the form with nothing sent.
import type { DurationUnit, OptionDirection, OptionReview } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Fact } from '../ui/Fact.tsx';

export function OptionConfirmSheet(props: {
  symbol: string;
  direction: OptionDirection;
  unit: DurationUnit;
  length: number;
  review: OptionReview | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { direction, review } = props;
  return (
    <BottomSheet
      title={t('option.confirm.title', { symbol: displaySymbol(props.symbol) })}
      onClose={props.onCancel}
      testId="option-confirm-sheet"
    >
      <dl className="facts">
        <div>
          <dt>{t('option.confirm.direction')}</dt>
          <dd data-testid="option-confirm-direction">
            <span className={`side-badge side-badge--${direction}`}>
              {direction === 'up' ? '▲' : '▼'} {t(`option.${direction}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('option.durationLabel')}</dt>
          <dd>{t(`option.duration.${props.unit}`, { count: props.length })}</dd>
        </div>
        <Fact
          label={t('option.stake')}
          value={review?.stake}
          unit="USDT"
          testId="option-confirm-stake"
        />
        <Fact label={t('option.rate')} value={review?.rate} />
        <Fact
          label={t('option.payout')}
          value={review?.payout}
          unit="USDT"
          testId="option-confirm-payout"
        />
      </dl>
      <p className="note">{t('option.confirm.note')}</p>
      <button
        type="button"
        className={`button button--block side-button side-button--${direction}`}
        data-testid="option-confirm"
        onClick={props.onConfirm}
      >
        {t(`option.confirm.${direction}`)}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={props.onCancel}>
        {t('confirm.cancel')}
      </button>
    </BottomSheet>
  );
}
