// What a page shows while it loads, and when it could not load: a tap anywhere retries.
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { PageTimeoutError, pageLoading } from '../routes/page-loading.ts';

export function LoadingView() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), pageLoading.showLoadingAfterMs);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="page-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('loading.page')}
    </div>
  );
}

export function PageErrorView(props: { error: unknown }) {
  const { t } = useTranslation();
  const timedOut = props.error instanceof PageTimeoutError;
  return (
    <button
      type="button"
      className="page-status page-status--error"
      onClick={() => window.location.reload()}
    >
      {timedOut ? t('loading.timeout') : t('loading.failed')}
    </button>
  );
}
