// The newest platform notices on home: a few titles that open the notice, and the way to all of
// them. Nothing is shown until an operator has published one.
import { useNavigate } from '@tanstack/react-router';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { useLoad } from '../ui/use-load.ts';
import './content.css';

/** The category of platform notices (docs/product.md §20). */
const noticeCategory = 92;
const shown = 3;

export function HomeNotices() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const notices = useLoad(['notices', noticeCategory], () => core.articles(noticeCategory, 1));
  const rows = notices.data?.rows.slice(0, shown) ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="card" data-testid="home-notices">
      <header className="card__header">
        <h2 className="card__title">{t('menu.notice')}</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            void navigate({ to: routes.articles.path, search: { category_id: noticeCategory } })
          }
        >
          {t('home.allNotices')}
        </button>
      </header>
      <ul className="home-notices">
        {rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className="home-notices__row"
              onClick={() => void navigate({ to: routes.article.path, search: { id: row.id } })}
            >
              <span className="home-notices__title">{row.title}</span>
              <span className="article-meta">{row.time}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
