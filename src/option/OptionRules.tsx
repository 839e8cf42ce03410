// The published rules of the second contract, written on the trade page: how a contract opens and
// settles, the tie and stale-feed rules, and what a win pays (core/option/settlement.ts is the
// rule itself; the server settles with it and the Verify sheet runs it again).
import { useTranslation } from 'react-i18next';
import { printToleranceMs } from '../../core/option/settlement.ts';

const rules = ['open', 'settle', 'win', 'tie', 'stale', 'payout', 'public'] as const;

export function OptionRules() {
  const { t } = useTranslation();
  return (
    <section className="option-rules card" aria-labelledby="option-rules-title">
      <h2 id="option-rules-title" className="option-rules__title">
        {t('option.rules.title')}
      </h2>
      <ol className="option-rules__list" data-testid="option-rules">
        {rules.map((rule) => (
          <li key={rule}>{t(`option.rules.${rule}`, { seconds: printToleranceMs / 1000 })}</li>
        ))}
      </ol>
    </section>
  );
}
