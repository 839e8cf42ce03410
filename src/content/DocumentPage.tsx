// The fixed documents in the user's language: the licence and the security statement on their own
// pages (`/pages/article/msb`, `/pages/article/sec`), "about us" atop its articles.
import { useLocation } from '@tanstack/react-router';
import type { DocumentKey } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { RenderedHtml } from './RenderedHtml.tsx';

export function DocumentPage() {
  return <DocumentView documentKey={useLocation().pathname.endsWith('/sec') ? 'sec' : 'msb'} />;
}

export function DocumentView(props: { documentKey: DocumentKey }) {
  const { t } = useTranslation();
  const core = useWorker();
  const key = props.documentKey;
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
