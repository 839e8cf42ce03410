// The published rules of the second contract, written on the trade page: how a contract opens and
// settles, the tie and stale-feed rules, and what a win pays (core/option/settlement.ts is the
// rule itself; the server settles with it and the Verify sheet runs it again).

import { printToleranceMs } from '../../core/option/settlement.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { RulesCard } from '../ui/RulesCard.tsx';

const rules = ['open', 'settle', 'win', 'tie', 'stale', 'payout', 'public'] as const;

export function OptionRules() {
  const { t } = useTranslation();
  return (
    <RulesCard
      title={t('option.rules.title')}
      rules={rules.map((rule) => t(`option.rules.${rule}`, { count: printToleranceMs / 1000 }))}
      testId="option-rules"
    />
  );
}
