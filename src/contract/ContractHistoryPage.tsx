// Contract history (`/pages/contract/history`): closed positions with how and at what price they
// closed (each with its share card), the orders of the current, deal or history list, the fills,
// the funding payments received and paid, and the liquidations with the inputs that decided them.
// Each list pages from the server, newest first.
import { type ReactNode, useState } from 'react';
import type { OrderList } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { type PagedList, usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { ClosedPositionItem } from './ClosedPositionItem.tsx';
import { ContractFillItem } from './ContractFillItem.tsx';
import { ContractOrderItem } from './ContractOrderItem.tsx';
import { FundingPaymentItem } from './FundingPaymentItem.tsx';
import { LiquidationItem } from './LiquidationItem.tsx';
import './contract.css';

type Tab = 'positions' | 'orders' | 'fills' | 'funding' | 'liquidations';
const tabs: readonly Tab[] = ['positions', 'orders', 'fills', 'funding', 'liquidations'];

const panels: Record<Tab, () => ReactNode> = {
  positions: () => <ClosedPositions />,
  orders: () => <Orders />,
  fills: () => <Fills />,
  funding: () => <FundingPayments />,
  liquidations: () => <Liquidations />,
};

export function ContractHistoryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('positions');
  return (
    <div className="contract-page">
      <TabRow
        label={t('titles.contractHistory')}
        tabs={tabs.map((value) => ({ value, label: t(`contract.historyTabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        testIdPrefix="contract-history-tab"
        panelId="contract-history-panel"
        scroll
      />
      <div
        id="contract-history-panel"
        role="tabpanel"
        aria-labelledby={tabId('contract-history-panel', tab)}
      >
        {panels[tab]()}
      </div>
    </div>
  );
}

/** A paged list's states around its rows, and pull-down refresh of its first page. */
function Paged<T>(props: { list: PagedList<T>; testId: string; render(row: T): ReactNode }) {
  const { t } = useTranslation();
  const { list } = props;
  const { reload } = list;
  usePullRefresh(reload);
  if (!list.loaded)
    return list.failed ? <WalletFailed onRetry={() => void reload()} /> : <WalletLoading />;
  if (list.rows.length === 0) return <p className="list-status">{t('contract.noHistory')}</p>;
  return (
    <>
      <ul className="contract-history" data-testid={props.testId}>
        {list.rows.map(props.render)}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </>
  );
}

function ClosedPositions() {
  const core = useWorker();
  const list = usePagedList(['contractHistory'], (page) => core.contractHistory(page));
  return (
    <Paged
      list={list}
      testId="closed-positions"
      render={(row) => <ClosedPositionItem key={row.id} row={row} />}
    />
  );
}

function Orders() {
  const { t } = useTranslation();
  const core = useWorker();
  const [status, setStatus] = useState<OrderList>('history');
  const list = usePagedList(['contractOrders', status], (page) =>
    core.contractOrders(status, page),
  );
  return (
    <>
      <ChoiceChips
        label={t('contract.orderList')}
        name="contract-orders-status"
        choices={(['current', 'deal', 'history'] as const).map((value: OrderList) => ({
          value,
          label: t(`trade.orders.${value}`),
        }))}
        value={status}
        onChange={(value) => setStatus(value)}
      />
      <Paged
        list={list}
        testId="contract-order-history"
        render={(row) => <ContractOrderItem key={row.id} row={row} />}
      />
    </>
  );
}

function Fills() {
  const core = useWorker();
  const list = usePagedList(
    ['contractFills'],
    (page) => core.contractFills(page),
    (row) => row.key,
  );
  return (
    <Paged
      list={list}
      testId="contract-fills"
      render={(row) => <ContractFillItem key={row.key} row={row} />}
    />
  );
}

function FundingPayments() {
  const core = useWorker();
  const list = usePagedList(
    ['contractFunding'],
    (page) => core.contractFunding(page),
    (row) => row.key,
  );
  return (
    <Paged
      list={list}
      testId="funding-payments"
      render={(row) => <FundingPaymentItem key={row.key} row={row} />}
    />
  );
}

function Liquidations() {
  const core = useWorker();
  const list = usePagedList(
    ['contractLiquidations'],
    (page) => core.contractLiquidations(page),
    (row) => row.positionId,
  );
  return (
    <Paged
      list={list}
      testId="liquidations"
      render={(row) => <LiquidationItem key={row.positionId} row={row} />}
    />
  );
}
