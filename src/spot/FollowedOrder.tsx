// The order the form placed last, followed until it rests, fills or is cancelled; or why it was
// refused; or, when no answer came, the offer to send the same order (the same key) again.

import type { SnapshotFrom } from 'xstate';
import { withUnit } from '../../core/figures.ts';
import type { SpotOrderEvent, spotOrderMachine } from '../../core/spot/order.machine.ts';
import type { SpotOrderRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { RefusedNotice, StatusNotice, UnansweredNotice } from '../ui/SendNotice.tsx';

export function FollowedOrder(props: {
  snapshot: SnapshotFrom<typeof spotOrderMachine>;
  followed: SpotOrderRow | null;
  send(event: SpotOrderEvent): void;
}) {
  const { t } = useTranslation();
  const { snapshot, followed, send } = props;
  const { order, message } = snapshot.context;
  const locale = useFigureLocale();

  if (snapshot.matches('uncertain')) {
    return (
      <UnansweredNotice
        text={t('spot.follow.uncertain')}
        retryLabel={t('spot.follow.retry')}
        onRetry={() => send({ type: 'RETRY' })}
        testId="spot-follow"
      />
    );
  }
  if (snapshot.matches('rejected')) {
    return <RefusedNotice text={message || t('spot.follow.refused')} testId="spot-follow" />;
  }
  if (!order) return null;
  const cancellable = snapshot.matches('open') || snapshot.matches('partiallyFilled');
  const cancelling = snapshot.matches('cancelling');
  return (
    <StatusNotice testId="spot-follow" data={{ 'data-status': order.status }}>
      <span>
        {t('spot.follow.order', { id: order.id })}: {t(`spot.status.${order.status}`)}
        {followed && !/^[0.]*$/.test(followed.filled)
          ? ` · ${t('spot.follow.traded', {
              quantity: withUnit(followed.filledShown, followed.base, locale),
              value: withUnit(followed.filledValueShown, followed.quote, locale),
            })}`
          : ''}
      </span>
      {message && <span className="field__problem">{message}</span>}
      {(cancellable || cancelling) && (
        <button
          type="button"
          className="text-button"
          disabled={cancelling}
          onClick={() => send({ type: 'CANCEL' })}
        >
          {cancelling ? t('spot.follow.cancelling') : t('trade.orders.cancel')}
        </button>
      )}
    </StatusNotice>
  );
}
