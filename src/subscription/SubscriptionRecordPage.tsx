// The user's pre-sale records (`/pages/subscription/record`), newest first: what they committed to
// each project, its stage, and once allocated the tokens won, the USDT refunded and the profit at
// the token's price; each opens the project's published allocation, recomputed on the device with
// the rule, or the project itself. Pull down to refresh.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SubscriptionRecordRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Fact } from '../ui/Fact.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { AllocationSheet } from './AllocationSheet.tsx';
import { phaseOfStage } from './phase.ts';
import { StagePill } from './StagePill.tsx';

const keyOf = (row: SubscriptionRecordRow) => row.projectId;

export function SubscriptionRecordPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const [allocation, setAllocation] = useState<number | null>(null);
  const list = usePagedList(
    ['subscriptionRecords'],
    (page) => core.subscriptionRecords(page),
    keyOf,
  );
  usePullRefresh(list.reload);

  if (!list.loaded) {
    return list.failed ? <WalletFailed onRetry={() => void list.reload()} /> : <WalletLoading />;
  }
  if (list.rows.length === 0) {
    return (
      <EmptyState
        text={t('subscription.noRecords')}
        actionLabel={t('subscription.allProjects')}
        onAction={() => void navigate({ to: routes.subscriptions.path })}
      />
    );
  }
  return (
    <div className="page-stack" data-testid="subscription-records">
      <ul className="item-list">
        {list.rows.map((row) => (
          <RecordItem
            key={row.projectId}
            row={row}
            onAllocation={() => setAllocation(row.projectId)}
            onProject={() =>
              void navigate({ to: routes.subscriptionBuy.path, search: { id: row.projectId } })
            }
          />
        ))}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
      {allocation !== null && (
        <AllocationSheet projectId={allocation} onClose={() => setAllocation(null)} />
      )}
    </div>
  );
}

function RecordItem(props: {
  row: SubscriptionRecordRow;
  onAllocation(): void;
  onProject(): void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const id = row.projectId;
  return (
    <li className="card item-card" data-testid={`subscription-record-${id}`}>
      <header className="item-card__head">
        <h2 className="item-card__name">
          {row.name} <span className="item-card__sub">{row.asset}</span>
        </h2>
        <StagePill phase={phaseOfStage(row.stage)} />
      </header>
      <dl className="facts">
        <Fact label={t('subscription.price')} value={row.price} unit="USDT" />
        <Fact
          label={t('subscription.payment')}
          value={row.payment}
          unit="USDT"
          testId={`subscription-payment-${id}`}
        />
        <Fact
          label={t('subscription.winning')}
          value={row.winning ?? t('subscription.notAllocated')}
          unit={row.winning ? row.asset : undefined}
          testId={`subscription-winning-${id}`}
        />
        <Fact
          label={t('subscription.refund')}
          value={row.refund ?? t('subscription.notAllocated')}
          unit={row.refund ? 'USDT' : undefined}
          testId={`subscription-refund-${id}`}
        />
        <Fact
          label={t('subscription.profit')}
          value={row.profit ?? t('subscription.noPrice')}
          unit={row.profit ? 'USDT' : undefined}
          sign={row.profitSign}
        />
        {row.profitRatio && (
          <Fact
            label={t('subscription.profitRatio')}
            value={row.profitRatio}
            sign={row.profitSign}
          />
        )}
        <Fact label={t('subscription.committedAt')} value={row.committedAt} />
      </dl>
      <div className="item-card__actions">
        <button
          type="button"
          className="text-button"
          data-testid={`subscription-allocation-${id}`}
          onClick={props.onAllocation}
        >
          {t('subscription.allocation.open')}
        </button>
        <button type="button" className="text-button" onClick={props.onProject}>
          {t('subscription.project')}
        </button>
      </div>
    </li>
  );
}
