// Under the form: the user's positions and resting orders as two tabs, the way to close every
// position at once, and the link to the history.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ContractTradeView } from '../../workers/facade.ts';
import { useConfirm } from '../app/confirm.ts';
import { useWorker } from '../app/services.ts';
import { useSession } from '../app/session.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { OpenOrderList } from './OpenOrderList.tsx';
import { PositionList } from './PositionList.tsx';

type Tab = 'positions' | 'orders';

export function ContractAccount(props: { view: ContractTradeView }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { token } = useSession();
  const toast = useNotify();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('positions');
  const [closing, setClosing] = useState(false);
  const { view } = props;

  const closeAll = async () => {
    if (!(await confirm(t('contract.closeAll.confirm', { count: view.positions.length })))) return;
    setClosing(true);
    const { placed, failed } = await core.closeAllContracts();
    setClosing(false);
    if (failed > 0) {
      const counts = {
        placed: t('contract.closeAll.placed', { count: placed }),
        refused: t('contract.closeAll.refused', { count: failed }),
      };
      toast(t('contract.closeAll.partly', counts), 'error');
    } else toast(t('contract.closeAll.done'), 'success');
  };

  return (
    <section className="contract-account card">
      <div className="contract-account__bar">
        <TabRow
          label={t('contract.account')}
          tabs={[
            {
              value: 'positions',
              label: t('contract.positions', { count: view.positions.length }),
            },
            { value: 'orders', label: t('contract.openOrders', { count: view.orders.length }) },
          ]}
          value={tab}
          onChange={setTab}
          testIdPrefix="contract-tab"
          panelId="contract-account-panel"
        />
        <button
          type="button"
          className="text-button"
          data-testid="contract-history-link"
          onClick={() => void navigate({ to: routes.contractHistory.path })}
        >
          {t('contract.history')}
        </button>
      </div>
      <div
        id="contract-account-panel"
        role="tabpanel"
        aria-labelledby={tabId('contract-account-panel', tab)}
      >
        {!token ? (
          <EmptyState
            text={t('contract.loginPrompt')}
            actionLabel={t('nav.login')}
            onAction={() => void navigate({ to: routes.login.path })}
          />
        ) : tab === 'positions' ? (
          <>
            {view.positions.length > 0 && (
              <button
                type="button"
                className="button button--ghost button--block"
                data-testid="contract-close-all"
                disabled={closing}
                onClick={() => void closeAll()}
              >
                {t('contract.closeAll.action')}
              </button>
            )}
            <PositionList view={view} />
          </>
        ) : (
          <OpenOrderList orders={view.orders} />
        )}
      </div>
    </section>
  );
}
