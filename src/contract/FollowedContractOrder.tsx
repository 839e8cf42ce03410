// The order the form placed last: how it stands and, once finished, how it ended (filled, partly
// filled then cancelled, or cancelled, with the reason); why it was refused; or, when no answer
// came, the offer to send the same order (the same key) again.
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type {
  ContractOrderEvent,
  contractOrderMachine,
} from '../../core/machines/contract-order.machine.ts';
import type { ContractOrderRow } from '../../workers/facade.ts';

export function FollowedContractOrder(props: {
  snapshot: SnapshotFrom<typeof contractOrderMachine>;
  /** The followed order as the view last listed it, resting or finished. */
  followed: ContractOrderRow | null;
  send(event: ContractOrderEvent): void;
}) {
  const { t } = useTranslation();
  const { snapshot, followed, send } = props;
  const { order, message, left } = snapshot.context;
  if (snapshot.matches('uncertain')) {
    return (
      <div
        className="contract-follow contract-follow--warning"
        role="alert"
        data-testid="contract-follow"
      >
        <span>{t('contract.follow.uncertain')}</span>
        <button type="button" className="text-button" onClick={() => send({ type: 'RETRY' })}>
          {t('contract.follow.retry')}
        </button>
      </div>
    );
  }
  if (snapshot.matches('rejected')) {
    return (
      <div
        className="contract-follow contract-follow--error"
        role="alert"
        data-testid="contract-follow"
      >
        {message || t('contract.follow.refused')}
      </div>
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
    <div
      className="contract-follow"
      role="status"
      data-testid="contract-follow"
      data-status={left ? 'left' : order.status}
    >
      {t('contract.follow.order', { id: order.id })}: {status}
      {reason && (
        <span className="contract-follow__reason" data-testid="contract-follow-reason">
          {' · '}
          {t(`contract.cancelReasons.${reason}`)}
        </span>
      )}
    </div>
  );
}
