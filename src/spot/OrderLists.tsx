// The user's orders in this market as spot's three lists (docs/product.md §12): current (live from
// the orders channel, each cancellable), deals (the fills, docs/spot.md § Deals) and history
// (paged from the server, both loaded again whenever one of the user's orders changes).
import { useNavigate } from '@tanstack/react-router';
import { memo, type ReactNode, useCallback, useEffect, useState } from 'react';
import type {
  ListPage,
  Outcome,
  SpotOrderList,
  SpotOrderRow,
  SpotView,
} from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useSession } from '../app/session.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { FillRowItem } from './FillRowItem.tsx';
import { OrderRowItem } from './OrderRowItem.tsx';

const lists: readonly SpotOrderList[] = ['current', 'deal', 'history'];

/** `refreshed` counts pull-down refreshes: each one loads the paged lists again. */
/** What the lists read of the market's view: a new price alone does not draw them again. */
export type SpotOrdersOf = Pick<SpotView, 'symbol' | 'orders' | 'rules'>;

export const OrderLists = memo(function OrderLists(props: {
  spot: SpotOrdersOf;
  refreshed: number;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const [list, setList] = useState<SpotOrderList>('current');
  return (
    <section className="spot-orders card">
      <TabRow
        label={t('spot.orders.title')}
        tabs={lists.map((name) => ({ value: name, label: t(`trade.orders.${name}`) }))}
        value={list}
        onChange={setList}
        testIdPrefix="spot-tab"
        panelId="spot-orders-panel"
        className="spot-orders__tabs"
      />
      <div
        id="spot-orders-panel"
        role="tabpanel"
        aria-labelledby={tabId('spot-orders-panel', list)}
      >
        {!token ? (
          <EmptyState
            text={t('spot.orders.loginPrompt')}
            actionLabel={t('nav.login')}
            onAction={() => void navigate({ to: routes.login.path })}
          />
        ) : list === 'current' ? (
          <CurrentOrders spot={props.spot} />
        ) : (
          <PagedList key={list} list={list} spot={props.spot} refreshed={props.refreshed} />
        )}
      </div>
    </section>
  );
});

function CurrentOrders(props: { spot: SpotOrdersOf }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const open = props.spot.orders.filter((row) => row.open);
  const cancel = useCallback(
    async (id: number) => {
      setCancelling(id);
      const outcome = await core.cancelSpotOrder(id).catch(() => null);
      setCancelling(null);
      if (outcome?.ok) toast(t('trade.orders.cancelled'), 'success');
      else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    },
    [core, toast, t],
  );
  if (open.length === 0) return <p className="list-status">{t('trade.orders.empty')}</p>;
  return (
    <ul className="spot-order-list">
      {open.map((row) => (
        <OrderRowItem
          key={row.id}
          row={row}
          base={props.spot.rules?.base ?? ''}
          onCancel={(id) => void cancel(id)}
          cancelling={cancelling === row.id}
        />
      ))}
    </ul>
  );
}

/** Changes whenever one of the user's orders in this market does: a fill, a cancel, a new order. */
function ordersVersion(rows: readonly SpotOrderRow[]): string {
  return rows.map((row) => `${row.id}:${row.status}:${row.filledShown}`).join(',');
}

/** The Deals tab lists fills, the History tab finished orders; both reload on an order's change. */
function PagedList(props: { list: 'deal' | 'history'; spot: SpotOrdersOf; refreshed: number }) {
  const core = useWorker();
  const { symbol } = props.spot;
  const base = props.spot.rules?.base ?? '';
  return props.list === 'deal' ? (
    <Paged
      spot={props.spot}
      refreshed={props.refreshed}
      testId="spot-list-deal"
      load={(page) => core.spotFills(page, symbol)}
      item={(row) => <FillRowItem key={row.id} row={row} />}
      empty="spot.fills.empty"
    />
  ) : (
    <Paged
      spot={props.spot}
      refreshed={props.refreshed}
      testId="spot-list-history"
      load={(page) => core.spotOrders('history', page, symbol)}
      item={(row) => <OrderRowItem key={row.id} row={row} base={base} />}
      empty="trade.orders.empty"
    />
  );
}

function Paged<Row>(props: {
  spot: SpotOrdersOf;
  refreshed: number;
  testId: string;
  load: (page: number) => Promise<Outcome<ListPage<Row>>>;
  item: (row: Row) => ReactNode;
  empty: 'spot.fills.empty' | 'trade.orders.empty';
}) {
  const { t } = useTranslation();
  const paged = usePagedList([props.testId, props.spot.symbol], props.load);
  const version = `${props.refreshed}|${ordersVersion(props.spot.orders)}`;
  const { reload } = paged;
  const [seenVersion, setSeenVersion] = useState(version);
  useEffect(() => {
    if (version === seenVersion) return;
    setSeenVersion(version);
    void reload();
  }, [version, seenVersion, reload]);

  if (!paged.loaded) {
    return paged.failed ? <WalletFailed onRetry={() => void reload()} /> : <WalletLoading />;
  }
  if (paged.rows.length === 0) return <p className="list-status">{t(props.empty)}</p>;
  return (
    <>
      <ul className="spot-order-list" data-testid={props.testId}>
        {paged.rows.map(props.item)}
      </ul>
      <LoadMore more={paged.more} loading={paged.loading} onMore={paged.loadMore} />
    </>
  );
}
