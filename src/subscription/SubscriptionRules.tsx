// The published rules of a pre-sale, written on its buy page: what is committed and where it is
// held, the cap, the allocation pro rata by committed USDT with its rounding and largest remainder,
// and the refund of the unused USDT at distribution (core/subscription/allocation.ts is the rule
// itself: the server allocates with it and the records page recomputes it).
import { withUnit } from '../../core/figures.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { RulesCard } from '../ui/RulesCard.tsx';

const rules = ['commit', 'cap', 'under', 'over', 'rounding', 'refund', 'public'] as const;

export function SubscriptionRules(props: { cap: string }) {
  const { t } = useTranslation();
  const cap = withUnit(props.cap, 'USDT', useFigureLocale());
  return (
    <RulesCard
      title={t('subscription.rules.title')}
      rules={rules.map((rule) => t(`subscription.rules.${rule}`, { cap }))}
      testId="subscription-rules"
    />
  );
}
