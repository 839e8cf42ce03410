// While withdrawals are held after a change to the account's security: until when, and why. The
// hold protects the owner from whoever made the change, if it was not them (docs/security.md).
import type { SecurityOverview } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function HoldBanner(props: { hold: NonNullable<SecurityOverview['hold']> }) {
  const { t } = useTranslation();
  const { until, reason } = props.hold;
  return (
    <p className="security-hold" role="note" data-testid="security-hold">
      {reason
        ? t('security.hold.because', { until, reason: t(`security.hold.reasons.${reason}`) })
        : t('security.hold.plain', { until })}
    </p>
  );
}
