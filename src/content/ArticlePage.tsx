// One article (`/pages/article/detail?id=…`): its title, date and body in the user's language.
import { useSearch } from '@tanstack/react-router';
import type { ArticleView, Outcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { RenderedHtml } from './RenderedHtml.tsx';

/** An id that cannot name an article is not asked for. */
const noArticle: () => Promise<Outcome<ArticleView>> = async () => ({
  ok: false,
  failure: { kind: 'business', code: 1320, msg: '' },
});

export function ArticlePage() {
  const { t } = useTranslation();
  const core = useWorker();
  const id = useSearch({ from: routes.article.path }).id ?? 0;
  const valid = id > 0;
  const article = useLoad(['article', id], () => (valid ? core.article(id) : noArticle()));

  if (article.loading && !article.data) return <WalletLoading />;
  // One message: the server's refusal (not toasted as well), else that it is not published.
  if (!article.data) return <EmptyState text={article.refusal ?? t('content.missing')} />;
  return (
    <article className="content-page">
      <h2 className="card__title" data-testid="article-title">
        {article.data.title}
      </h2>
      <p className="article-meta">{article.data.time}</p>
      <RenderedHtml html={article.data.html} testId="article-body" />
    </article>
  );
}
