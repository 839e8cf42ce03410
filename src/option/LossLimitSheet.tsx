// The daily loss limit: what it is, today's loss, a raise waiting to count, and a new one to set
// (a lower one counts at once, a higher one a day later; at most the deployment's limit).
import { useState } from 'react';
import { withUnit } from '../../core/figures.ts';
import type { OptionLimitsView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { NumberField } from '../ui/NumberField.tsx';

export function LossLimitSheet(props: { limits: OptionLimitsView; onClose(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const { limits } = props;
  const locale = useFigureLocale();
  const [amount, setAmount] = useState(limits.daily.exact);
  const [saving, setSaving] = useState(false);
  return (
    <BottomSheet
      title={t('option.limit.title')}
      onClose={props.onClose}
      testId="option-limit-sheet"
    >
      <form
        className="option-sheet-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setSaving(true);
          const outcome = await core.setOptionLimit(amount).catch(() => null);
          setSaving(false);
          if (outcome?.ok) {
            toast(t('option.limit.saved'), 'success');
            props.onClose();
          } else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
        }}
      >
        <p className="option-note">{t('option.limit.hint')}</p>
        {limits.pending && (
          <p className="option-note" data-testid="option-limit-pending">
            {t('option.limit.pending', {
              amount: withUnit(limits.pending.daily, 'USDT', locale),
              from: limits.pending.from,
            })}
          </p>
        )}
        <NumberField
          idPrefix="option"
          name="daily-limit"
          label={t('option.limit.amount')}
          unit="USDT"
          value={amount}
          placeholder={t('option.limit.max', { amount: limits.max.shown })}
          problem={null}
          onChange={setAmount}
        />
        <button type="submit" className="button button--block" disabled={saving}>
          {saving ? t('option.sending') : t('option.limit.save')}
        </button>
      </form>
    </BottomSheet>
  );
}
