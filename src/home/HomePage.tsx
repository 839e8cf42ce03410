// Home: the product lines as a banner (for a signed-in user, their total worth and today's PnL in
// its place, the banner under the markets), the headline figures, then the featured markets with
// live prices, whether the feed is live, and whether it is simulated; the newest platform notices.
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { useSession } from '../app/session.ts';
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

const AccountSummary = lazy(() =>
  import('./AccountSummary.tsx').then((module) => ({ default: module.AccountSummary })),
);

/** Holds the summary's place (its min-height, account-summary.css) while its chunk loads. */
const summaryPlace = <div className="card" style={{ minHeight: 96 }} aria-hidden="true" />;

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { load, rows, simulated } = useSectionRows('home');
  const open = useCallback(
    (symbol: string) => void navigate({ to: routes.kline.path, search: klineSearch(symbol) }),
    [navigate],
  );
  const { token } = useSession();
  const { reload } = load;
  const retry = useCallback(() => void reload(), [reload]);

  return (
    <div className="home">
      {/* A signed-in user sees their own money first; a visitor, what the exchange offers. */}
      {token ? (
        <Suspense fallback={summaryPlace}>
          <AccountSummary />
        </Suspense>
      ) : (
        <ProductCarousel />
      )}
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
      {token && <ProductCarousel />}
      {/* Under the markets: the notices come (or not) after them, and would push them down. */}
      <HomeNotices />
    </div>
  );
}
