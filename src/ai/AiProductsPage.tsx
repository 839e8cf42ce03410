// The AI ETF section (`/pages/ai/index`): what these products are, said plainly; the products on
// sale with their days, fixed yearly rate, limits and remaining quota; and the user's issuance
// records as two tabs, in progress and finished. Pull down to refresh; a product opens its page.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { AiOrderList } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { AiAbout } from './AiAbout.tsx';
import { AiOrderItem } from './AiOrderItem.tsx';
import { AiProductCard } from './AiProductCard.tsx';

const panel = 'ai-orders-panel';

export function AiProductsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const view = useView('aiBoard');
  const [tab, setTab] = useState<AiOrderList>('active');
  const [version, setVersion] = useState(0);
  const refresh = useCallback(async () => {
    setVersion((shown) => shown + 1);
    return core.refreshAi();
  }, [core]);
  usePullRefresh(refresh);

  return (
    <div className="page-stack" data-testid="ai-page">
      <AiAbout />
      <section className="page-section" aria-labelledby="ai-products-title">
        <h2 id="ai-products-title" className="section-title">
          {t('ai.products')}
        </h2>
        {!view?.products ? (
          <ListLoading text={t('loading.page')} />
        ) : view.products.length === 0 ? (
          <EmptyState text={t('ai.noProducts')} />
        ) : (
          view.products.map((row) => (
            <AiProductCard key={row.id} row={row}>
              <button
                type="button"
                className={row.open ? 'button button--block' : 'button button--ghost button--block'}
                data-testid={`ai-open-${row.id}`}
                onClick={() => void navigate({ to: routes.aiProduct.path, search: { id: row.id } })}
              >
                {row.open ? t('ai.buy') : t('ai.details')}
              </button>
            </AiProductCard>
          ))
        )}
      </section>
      <section className="page-section" aria-labelledby="ai-orders-title">
        <h2 id="ai-orders-title" className="section-title">
          {t('ai.orders')}
        </h2>
        <TabRow
          label={t('ai.orders')}
          tabs={[
            { value: 'active', label: t('ai.tabs.active') },
            { value: 'finished', label: t('ai.tabs.finished') },
          ]}
          value={tab}
          onChange={setTab}
          testIdPrefix="ai-tab"
          panelId={panel}
        />
        <div id={panel} role="tabpanel" aria-labelledby={tabId(panel, tab)}>
          <AiOrders key={`${tab}:${version}`} status={tab} />
        </div>
      </section>
    </div>
  );
}

function AiOrders(props: { status: AiOrderList }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { status } = props;
  const list = usePagedList(['aiOrders', status], (page) => core.aiOrders(status, page));
  if (!list.loaded) {
    return list.failed ? <WalletFailed onRetry={() => void list.reload()} /> : <WalletLoading />;
  }
  if (list.rows.length === 0) {
    return <EmptyState text={status === 'active' ? t('ai.noActive') : t('ai.noFinished')} />;
  }
  return (
    <>
      <ul className="item-list" data-testid={`ai-orders-${status}`}>
        {list.rows.map((row) => (
          <AiOrderItem key={row.id} row={row} />
        ))}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </>
  );
}
