// The states of a market list other than its rows: loading, failed (with a retry), empty.
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from './EmptyState.tsx';

export function ListLoading(props: { text: string }) {
  return (
    <div className="list-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {props.text}
    </div>
  );
}

export function ListFailed(props: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      text={t('market.failed')}
      actionLabel={t('market.retry')}
      onAction={props.onRetry}
    />
  );
}

/** A refresh that failed while older rows are still shown: they stay, with a warning. */
export function RefreshFailed(props: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="list-warning" role="alert">
      <span>{t('market.refreshFailed')}</span>
      <button type="button" className="text-button" onClick={props.onRetry}>
        {t('market.retry')}
      </button>
    </div>
  );
}
