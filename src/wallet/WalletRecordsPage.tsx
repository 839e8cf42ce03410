// Records (`/pages/assets/record`): every money movement, newest first, of one type or all, a page
// at a time; a trade reads as the trader would write it (docs/ui.md § "Numbers, toasts and records").
import { useState } from 'react';
import { recordTypes } from '../../schemas/record-names.ts';
import type { RecordRow, RecordType } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { TabRow } from '../ui/TabRow.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { RecordItem } from './RecordItem.tsx';

const filters: readonly (RecordType | 'all')[] = ['all', ...recordTypes];

const keyOfRecord = (row: RecordRow) => row.key;

export function WalletRecordsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const [type, setType] = useState<RecordType | 'all'>('all');
  const list = usePagedList(
    ['walletRecords', type],
    (page) => core.walletRecords(type, page),
    keyOfRecord,
  );
  usePullRefresh(list.reload);
  const retry = () => void list.reload();

  return (
    <div className="wallet-page">
      <TabRow
        label={t('wallet.records.filter')}
        tabs={filters.map((filter) => ({
          value: filter,
          label: t(`wallet.records.types.${filter}`),
        }))}
        value={type}
        onChange={setType}
        testIdPrefix="record-filter"
        scroll
      />
      {!list.loaded ? (
        list.failed ? (
          <WalletFailed onRetry={retry} />
        ) : (
          <WalletLoading />
        )
      ) : list.rows.length === 0 ? (
        <EmptyState text={t('wallet.records.empty')} />
      ) : (
        <>
          {list.failed && <WalletRefreshFailed onRetry={retry} />}
          <ul className="wallet-list">
            {list.rows.map((row) => (
              <RecordItem key={row.key} row={row} />
            ))}
          </ul>
          <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
        </>
      )}
    </div>
  );
}
