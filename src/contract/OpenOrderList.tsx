// The user's resting contract orders in every market, each cancellable: what it does (open or close
// a long or short), its price, quantity and what filled of it.
import { useCallback, useState } from 'react';
import type { ContractOrderRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { ContractOrderItem } from './ContractOrderItem.tsx';

export function OpenOrderList(props: { orders: readonly ContractOrderRow[] }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancel = useCallback(
    async (id: number) => {
      setCancelling(id);
      const outcome = await core.cancelContractOrder(id).catch(() => null);
      setCancelling(null);
      if (outcome?.ok) toast(t('trade.orders.cancelled'), 'success');
      else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    },
    [core, toast, t],
  );
  if (props.orders.length === 0) return <p className="list-status">{t('trade.orders.empty')}</p>;
  return (
    <ul className="contract-orders" data-testid="contract-open-orders">
      {props.orders.map((row) => (
        <ContractOrderItem
          key={row.id}
          row={row}
          onCancel={(id) => void cancel(id)}
          cancelling={cancelling === row.id}
        />
      ))}
    </ul>
  );
}
