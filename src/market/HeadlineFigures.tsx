// The home page's headline figures: each one either measured by the exchange or configured by
// its operator, and a configured one says so beside it.

import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';

const known = ['markets', 'turnover_24h', 'users', 'regions', 'countries', 'orders_per_second'];

export function HeadlineFigures() {
  const { t } = useTranslation();
  const figures = useView('figures');
  const rows = (figures?.rows ?? []).filter(([key]) => known.includes(key));
  if (rows.length === 0) return null;
  return (
    <dl className="headline-figures" data-testid="headline-figures">
      {rows.map(([key, value, source]) => (
        <div key={key} className="headline-figures__item" data-source={source}>
          <dt>{t(`home.figures.${key}`)}</dt>
          <dd>
            <Figure>{value}</Figure>
            {source === 'configured' ? (
              <span className="headline-figures__source">{t('home.configured')}</span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
