// Articles of a category (`/pages/article/index?category_id=92` is the menu's platform notice;
// without a category it is "about us", which shows the "about" document first), newest first; a
// row opens the article.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import './content.css';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { DocumentView } from './DocumentPage.tsx';

export function ArticleListPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  // No category (or not a positive whole number) is "about us".
  const category = useSearch({ from: routes.articles.path }).category_id ?? null;
  const list = usePagedList(['articles', category], (page) => core.articles(category, page));
  const retry = () => void list.reload();

  // A refused list (no such category) says why once, in place of the list; no answer offers a retry.
  if (list.refusal && !list.loaded) return <EmptyState text={list.refusal} />;
  if (!list.loaded) return list.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  // "About us" always has its document: the operator's, else the shipped one saying what belongs
  // there (docs/content.md § Fixed documents).
  const about = category === null && <DocumentView documentKey="about" />;
  if (list.rows.length === 0) return about || <EmptyState text={t('content.empty')} />;
  return (
    <div className="content-page">
      {about}
      <ul className="support-thread">
        {list.rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className="card article-row"
              data-testid={`article-row-${row.id}`}
              onClick={() => void navigate({ to: routes.article.path, search: { id: row.id } })}
            >
              <p className="article-row__title">{row.title}</p>
              {row.summary && <p className="article-row__summary">{row.summary}</p>}
              <p className="article-meta">{row.time}</p>
            </button>
          </li>
        ))}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </div>
  );
}
