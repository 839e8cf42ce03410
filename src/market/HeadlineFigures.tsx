// The home page's headline figures: each one either measured by the exchange or configured by
// its operator, and a configured one says so beside it.

import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';

const known = ['markets', 'turnover_24h', 'users', 'regions', 'countries', 'orders_per_second'];
/** A line's height of nothing: what holds a line of a tile that has no words on it. */
const blank = '\u00a0';
/** The grid's columns (src/styles/home.css `.headline-figures`). */
const figuresInRow = 3;

export function HeadlineFigures() {
  const { t } = useTranslation();
  const figures = useView('figures');
  // Until the figures come, their first row is held by empty tiles of the same lines (there are
  // always at least two figures: the markets and their turnover), so the markets under them do
  // not jump down when they arrive.
  if (!figures?.received) {
    return (
      <div className="headline-figures" aria-hidden="true" data-testid="headline-figures-waiting">
        {known.slice(0, figuresInRow).map((key) => (
          <div key={key} className="headline-figures__item">
            <div>{blank}</div>
            <div className="headline-figures__figure">
              {blank}
              <span className="headline-figures__source">{blank}</span>
            </div>
          </div>
        ))}
      </div>
    );
  }
  const rows = figures.rows.filter(([key]) => known.includes(key));
  if (rows.length === 0) return null;
  return (
    <dl className="headline-figures" data-testid="headline-figures">
      {rows.map(([key, value, source]) => (
        <div key={key} className="headline-figures__item" data-source={source}>
          <dt>{t(`home.figures.${key}`)}</dt>
          <dd className="headline-figures__figure">
            <Figure>{value}</Figure>
            {/* Its line is there for a measured figure too, so every tile has one height. */}
            <span className="headline-figures__source">
              {source === 'configured' ? t('home.configured') : blank}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
