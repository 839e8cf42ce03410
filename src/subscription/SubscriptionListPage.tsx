// The pre-sale projects (`/pages/subscription/index`), grouped by stage: in pre-sale, upcoming,
// finished (allocated, waiting for distribution) and distributed, each with its progress and the
// countdown to what comes next. The list is read again when a countdown runs out, since the stage
// moves then; meanwhile a pre-sale whose end has passed offers its details, not a subscription
// (src/subscription/phase.ts). Pull down to refresh; a project opens its buy page.
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { SubscriptionProjectRow, SubscriptionStage } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useNow } from '../ui/use-now.ts';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { phaseOf } from './phase.ts';
import { SubscriptionProjectCard } from './SubscriptionProjectCard.tsx';
import './subscription.css';

const stages: readonly SubscriptionStage[] = ['presale', 'upcoming', 'finish', 'winning'];
/** After a countdown ends, the server moves the stage within a second or so. */
const stageSettleMs = 2000;
const dayMs = 86_400_000;

export function SubscriptionListPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const list = usePagedList(['subscriptionProjects'], (page) => core.subscriptionProjects(page));
  usePullRefresh(list.reload);
  useReloadWhenDue(list.rows, list.reload);
  const now = useNow();

  return (
    <div className="page-stack" data-testid="subscription-list">
      <div className="page-toolbar">
        <button
          type="button"
          className="button button--ghost"
          data-testid="subscription-records-link"
          onClick={() => void navigate({ to: routes.subscriptionRecords.path })}
        >
          {t('subscription.myRecords')}
        </button>
      </div>
      {!list.loaded ? (
        list.failed ? (
          <WalletFailed onRetry={() => void list.reload()} />
        ) : (
          <WalletLoading />
        )
      ) : list.rows.length === 0 ? (
        <EmptyState text={t('subscription.noProjects')} />
      ) : (
        stages.map((stage) => {
          const rows = list.rows.filter((row) => row.stage === stage);
          if (rows.length === 0) return null;
          return (
            <section key={stage} className="page-section" aria-labelledby={`stage-${stage}`}>
              <h2 id={`stage-${stage}`} className="section-title">
                {t(`subscription.stages.${stage}`)}
              </h2>
              {rows.map((row) => {
                const taking = phaseOf(row, now) === 'presale';
                return (
                  <SubscriptionProjectCard key={row.id} row={row}>
                    <button
                      type="button"
                      className={
                        taking ? 'button button--block' : 'button button--ghost button--block'
                      }
                      data-testid={`subscription-open-${row.id}`}
                      onClick={() =>
                        void navigate({ to: routes.subscriptionBuy.path, search: { id: row.id } })
                      }
                    >
                      {taking ? t('subscription.subscribe') : t('subscription.details')}
                    </button>
                  </SubscriptionProjectCard>
                );
              })}
            </section>
          );
        })
      )}
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </div>
  );
}

/** Reads the list again once the soonest countdown still running has run out (within a day). */
function useReloadWhenDue(rows: readonly SubscriptionProjectRow[], reload: () => Promise<void>) {
  useEffect(() => {
    const now = Date.now();
    const waits = rows
      .map((row) => (row.next ? row.next.at - now : -1))
      .filter((wait) => wait >= 0 && wait <= dayMs);
    if (waits.length === 0) return;
    const timer = setTimeout(() => void reload(), Math.min(...waits) + stageSettleMs);
    return () => clearTimeout(timer);
  }, [rows, reload]);
}
