// The two fixed documents (`/pages/article/msb`, `/pages/article/sec`), in the user's language.
import { useLocation } from '@tanstack/react-router';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { RenderedHtml } from './RenderedHtml.tsx';

export function DocumentPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const key = useLocation().pathname.endsWith('/sec') ? 'sec' : 'msb';
  const document = useLoad(['document', key], () => core.document(key));

  if (document.loading && !document.data) return <WalletLoading />;
  // One message: the server's refusal (not toasted as well), else that it is not published.
  if (!document.data) return <EmptyState text={document.refusal ?? t('content.missing')} />;
  return (
    <article className="content-page">
      <h2 className="card__title">{document.data.title}</h2>
      <p className="article-meta">{t('content.updated', { time: document.data.time })}</p>
      <RenderedHtml html={document.data.html} testId="document-body" />
    </article>
  );
}
