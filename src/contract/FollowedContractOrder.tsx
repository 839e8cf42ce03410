// The order the form placed last: how it stands and, once finished, how it ended (filled, partly
// filled then cancelled, or cancelled, with the reason), with what traded and at what average
// price as spot's notice says it; why it was refused; or, when no answer came, the offer to send
// the same order (the same key) again.

import type { SnapshotFrom } from 'xstate';
import type {
  ContractOrderEvent,
  contractOrderMachine,
} from '../../core/contract/order.machine.ts';
import { withUnit } from '../../core/figures.ts';
import type { ContractOrderRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { RefusedNotice, StatusNotice, UnansweredNotice } from '../ui/SendNotice.tsx';

export function FollowedContractOrder(props: {
  snapshot: SnapshotFrom<typeof contractOrderMachine>;
  /** The followed order as the view last listed it, resting or finished. */
  followed: ContractOrderRow | null;
  /** The market's base asset: what the filled quantity is counted in. */
  base: string;
  send(event: ContractOrderEvent): void;
}) {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { snapshot, followed, send } = props;
  const { order, message, left } = snapshot.context;
  if (snapshot.matches('uncertain')) {
    return (
      <UnansweredNotice
        text={t('contract.follow.uncertain')}
        retryLabel={t('contract.follow.retry')}
        onRetry={() => send({ type: 'RETRY' })}
        testId="contract-follow"
      />
    );
  }
  if (snapshot.matches('rejected')) {
    return (
      <RefusedNotice text={message || t('contract.follow.refused')} testId="contract-follow" />
    );
  }
  if (!order) return null;
  const cancelled = !left && order.status === 'cancelled';
  const reason = cancelled ? followed?.cancelReason : null;
  const status = left
    ? t('contract.follow.left')
    : cancelled && followed?.traded
      ? t('contract.follow.partlyCancelled')
      : t(`contract.status.${order.status}`);
  return (
    <StatusNotice testId="contract-follow" data={{ 'data-status': left ? 'left' : order.status }}>
      {t('contract.follow.order', { id: order.id })}: {status}
      {followed?.traded && (
        <span data-testid="contract-follow-traded">
          {' · '}
          {t('contract.follow.traded', {
            quantity: withUnit(followed.filled, props.base, locale),
            price: followed.avgPrice,
          })}
        </span>
      )}
      {reason && (
        <span className="contract-follow__reason" data-testid="contract-follow-reason">
          {' · '}
          {t(`contract.cancelReasons.${reason}`)}
        </span>
      )}
    </StatusNotice>
  );
}
