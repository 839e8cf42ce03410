// What a wallet page shows other than its data: loading, failed with a retry, and a failed
// refresh above data that is still shown.
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from './EmptyState.tsx';
import { ListLoading } from './SectionStatus.tsx';

export function WalletLoading() {
  const { t } = useTranslation();
  return <ListLoading text={t('wallet.loading')} />;
}

export function WalletFailed(props: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      text={t('wallet.failed')}
      actionLabel={t('wallet.retry')}
      onAction={props.onRetry}
    />
  );
}

export function WalletRefreshFailed(props: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="list-warning" role="alert">
      <span>{t('wallet.refreshFailed')}</span>
      <button type="button" className="text-button" onClick={props.onRetry}>
        {t('wallet.retry')}
      </button>
    </div>
  );
}

/** "Load more" under a paged list, or a spinner while the next page comes. */
export function LoadMore(props: { more: boolean; loading: boolean; onMore(): void }) {
  const { t } = useTranslation();
  if (!props.more) return null;
  return (
    <button
      type="button"
      className="button button--ghost button--block"
      disabled={props.loading}
      onClick={props.onMore}
    >
      {props.loading ? t('wallet.loading') : t('wallet.loadMore')}
    </button>
  );
}
