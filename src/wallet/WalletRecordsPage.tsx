// Records (`/pages/assets/record`): every money movement, newest first, of one type or all, a page
// at a time.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRow, RecordType } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Figure } from '../ui/Figures.tsx';
import { LoadMore, WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { TabRow } from '../ui/TabRow.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { shorten } from './short-text.ts';

const filters: readonly (RecordType | 'all')[] = [
  'all',
  'deposit',
  'withdrawal',
  'transfer',
  'trade',
  'commission',
];

const keyOfRecord = (row: RecordRow) => row.key;

export function WalletRecordsPage() {
  const { t } = useTranslation();
  const { core } = useApp();
  const [type, setType] = useState<RecordType | 'all'>('all');
  const list = usePagedList(
    useCallback((page: number) => core.walletRecords(type, page), [core, type]),
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
              <li key={row.key} className="card wallet-item" data-testid="record-row">
                <div className="wallet-item__top">
                  <span className="wallet-item__title">
                    {t(`wallet.records.types.${row.type}`)}
                  </span>
                  <Figure
                    className={row.amountShown.startsWith('+') ? 'price--up' : 'price--down'}
                  >{`${row.amountShown} ${row.asset}`}</Figure>
                </div>
                <dl className="wallet-facts">
                  <div>
                    <dt>{t('wallet.records.account')}</dt>
                    <dd>{t(`wallet.accounts.${row.wallet}`)}</dd>
                  </div>
                  <div>
                    <dt>{t('wallet.records.reference')}</dt>
                    <dd dir="ltr" title={row.reference}>
                      {shorten(row.reference)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('wallet.time')}</dt>
                    <dd className="figure">{row.time}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
        </>
      )}
    </div>
  );
}
