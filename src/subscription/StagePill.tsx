// A pre-sale's stage as a pill: in pre-sale in the accent colour, distributed in win green, the
// others plain.

import type { SubscriptionStage } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

const tones: Record<SubscriptionStage, string> = {
  upcoming: 'status-pill',
  presale: 'status-pill status-pill--waiting',
  finish: 'status-pill',
  winning: 'status-pill status-pill--done',
};

export function StagePill(props: { stage: SubscriptionStage; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={tones[props.stage]} data-testid={props.testId} data-stage={props.stage}>
      {t(`subscription.stage.${props.stage}`)}
    </span>
  );
}
