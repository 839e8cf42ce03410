// A pre-sale's phase as a pill: in pre-sale in the accent colour, distributed in win green, the
// others plain; an ended pre-sale says it is being allocated, not that it is running.

import { useTranslation } from '../i18n/use-translation.ts';
import type { SubscriptionPhase } from './phase.ts';

const tones: Record<SubscriptionPhase, string> = {
  upcoming: 'status-pill',
  presale: 'status-pill status-pill--waiting',
  allocating: 'status-pill',
  allocated: 'status-pill',
  distributing: 'status-pill',
  distributed: 'status-pill status-pill--done',
};

export function StagePill(props: { phase: SubscriptionPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={tones[props.phase]} data-testid={props.testId} data-phase={props.phase}>
      {t(`subscription.phase.${props.phase}`)}
    </span>
  );
}
