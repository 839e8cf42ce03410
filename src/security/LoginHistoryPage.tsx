// The login history (`/pages/user/logins`): sign-ins and failed tries of the last 90 days, newest
// first, a page at a time: when, from which device and address, how, and how it ended. A failed
// try is marked in words, its colour only repeating them; a first sign-in from a device says so.
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import './security.css';

export function LoginHistoryPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const list = usePagedList(
    ['loginHistory'],
    (page) => core.loginHistory(page),
    (row) => row.key,
  );
  usePullRefresh(list.reload);
  const retry = () => void list.reload();

  if (!list.loaded) return list.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  if (list.rows.length === 0) return <EmptyState text={t('security.logins.empty')} />;
  return (
    <div className="wallet-page">
      {list.failed && <WalletRefreshFailed onRetry={retry} />}
      <ul className="wallet-list" aria-label={t('security.logins.list')}>
        {list.rows.map((row) => (
          <li
            key={row.key}
            className="card wallet-item"
            data-testid="login-row"
            data-outcome={row.outcome}
          >
            <div className="wallet-item__top">
              <span className="wallet-item__title figure">{row.time}</span>
              <span
                className={`status-pill ${row.outcome === 'ok' ? 'status-pill--done' : 'login-failed'}`}
              >
                {t(`security.logins.outcomes.${row.outcome}`)}
              </span>
            </div>
            <dl className="wallet-facts">
              <div>
                <dt>{t('security.logins.device')}</dt>
                <dd>
                  <bdi>{row.device}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('security.sessions.address')}</dt>
                <dd>
                  <span dir="ltr">{row.ip}</span>
                </dd>
              </div>
              <div>
                <dt>{t('security.logins.method')}</dt>
                <dd>{t(`security.logins.methods.${row.method}`)}</dd>
              </div>
            </dl>
            {row.newDevice && <p className="wallet-item__note">{t('security.logins.newDevice')}</p>}
          </li>
        ))}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </div>
  );
}
