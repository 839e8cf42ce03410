// Home: the product lines as a banner, the headline figures, then the featured markets with live
// prices, whether the feed is live, and whether it is simulated; the newest platform notices.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { HomeNotices } from '../content/HomeNotices.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { ConnectionBadge } from '../market/ConnectionBadge.tsx';
import { HeadlineFigures } from '../market/HeadlineFigures.tsx';
import { MarketSectionBody } from '../market/MarketSectionBody.tsx';
import { klineSearch } from '../market/market-query.ts';
import { ProductCarousel } from '../market/ProductCarousel.tsx';
import { SimulatedBadge } from '../market/SimulatedBadge.tsx';
import { useSectionRows } from '../market/use-market-section.ts';
import { routes } from '../routes/route-table.ts';

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { load, rows, simulated } = useSectionRows('home');
  const open = useCallback(
    (symbol: string) => void navigate({ to: routes.kline.path, search: klineSearch(symbol) }),
    [navigate],
  );
  const { reload } = load;
  const retry = useCallback(() => void reload(), [reload]);

  return (
    <div className="home">
      <ProductCarousel />
      <HeadlineFigures />
      <section className="card" data-testid="home-markets">
        <header className="card__header">
          <h2 className="card__title">{t('home.markets')}</h2>
          <div className="badges">
            <SimulatedBadge show={simulated} />
            <ConnectionBadge />
          </div>
        </header>
        <MarketSectionBody
          load={load}
          onRetry={retry}
          rows={rows}
          query=""
          detailed={false}
          onOpen={open}
        />
      </section>
      {/* Under the markets: the notices come (or not) after them, and would push them down. */}
      <HomeNotices />
    </div>
  );
}
