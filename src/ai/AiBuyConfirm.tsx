// The confirmation of a purchase, as the early withdrawal has one: the product, the amount, its
// term and rate, the rewards in all and what returns at maturity, and when, repeated once more
// before anything is sent. Confirm sends it; Cancel, the backdrop or Escape go back to the form.
import type { AiProductRow, AiReview } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Fact } from '../ui/Fact.tsx';
import { AiTerm } from './AiTerm.tsx';

export function AiBuyConfirm(props: {
  product: AiProductRow;
  review: AiReview | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { product, review } = props;
  return (
    <BottomSheet
      title={t('ai.confirm.title', { name: product.name })}
      onClose={props.onCancel}
      testId="ai-confirm-sheet"
    >
      <dl className="facts">
        <Fact
          label={t('ai.amount')}
          value={review?.amount}
          unit={product.asset}
          testId="ai-confirm-amount"
        />
        <AiTerm days={product.days} />
        <Fact label={t('ai.apr')} value={product.apr} />
        <Fact label={t('ai.rewards')} value={review?.rewards} unit={product.asset} />
        <Fact
          label={t('ai.total')}
          value={review?.total}
          unit={product.asset}
          testId="ai-confirm-total"
        />
        <Fact label={t('ai.maturesAt')} value={review?.maturesAt} />
      </dl>
      <p className="note">{t('ai.confirm.note')}</p>
      <button
        type="button"
        className="button button--block"
        data-testid="ai-confirm"
        onClick={props.onConfirm}
      >
        {t('ai.confirm.buy')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={props.onCancel}>
        {t('confirm.cancel')}
      </button>
    </BottomSheet>
  );
}
