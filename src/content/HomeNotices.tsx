// The newest platform notices on home: a few titles that open the notice, and the way to all of
// them. Nothing is shown until an operator has published one.
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
import { useLoad } from '../ui/use-load.ts';
import './content.css';

/** The category of platform notices (docs/product.md §20). */
const noticeCategory = 92;
const shown = 3;

export function HomeNotices() {
  const { t } = useTranslation();
  const core = useWorker();
  const go = useGo();
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
          onClick={() => go('/pages/article/index', { category_id: String(noticeCategory) })}
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
              onClick={() => go('/pages/article/detail', { id: row.id })}
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
