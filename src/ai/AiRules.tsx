// The published rules of the fixed-term products, written where they are bought and withdrawn:
// when interest starts and how a day's reward is reckoned and credited, the principal at maturity,
// and what an early withdrawal returns (core/ai/schedule.ts is the rule itself: the page previews
// with it and the server pays with it).
import { useTranslation } from '../i18n/use-translation.ts';
import { RulesCard } from '../ui/RulesCard.tsx';

const rules = ['accrue', 'daily', 'credit', 'maturity', 'early', 'reserve'] as const;

export function AiRules() {
  const { t } = useTranslation();
  return (
    <RulesCard
      title={t('ai.rules.title')}
      rules={rules.map((rule) => t(`ai.rules.${rule}`))}
      testId="ai-rules"
    />
  );
}
