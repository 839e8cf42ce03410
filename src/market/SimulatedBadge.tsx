// The "Simulated market" label docs/product.md §1 requires wherever prices come from the simulated
// feed.
import { useTranslation } from '../i18n/use-translation.ts';

export function SimulatedBadge(props: { show: boolean }) {
  const { t } = useTranslation();
  if (!props.show) return null;
  return (
    <span
      className="badge badge--simulated"
      data-testid="simulated-badge"
      title={t('market.simulatedHint')}
    >
      {t('market.simulated')}
    </span>
  );
}
