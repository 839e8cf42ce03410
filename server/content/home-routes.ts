// Home data (`/index/index`): featured tickers, headline figures that are either measured from
// the system or configured and labelled so, notices and banners. Nothing on it is invented.
import { sql } from 'kysely';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { home } from '../../schemas/api/content.schema.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { tickersOf } from '../market/market-routes.ts';
import type { MarketService } from '../market/market-service.ts';
import { listArticles, noticeCategory } from './article-store.ts';

/** Markets featured on the home page, by 24 h turnover. */
const featuredCount = 8;
/** The latest notices the home page lists. */
const homeNotices = 5;

export function homeRoutes(
  router: Router,
  deps: AppDeps,
  market: MarketService,
  now: () => number,
): void {
  router.add(home, async (_input, { request }) => {
    const tickers = tickersOf(market, now());
    const turnover = tickers.reduce(
      (sum, ticker) => sum + (toUnits(ticker.quote_volume, 2, true) ?? 0),
      0,
    );
    const { rows } = await sql<{
      users: number;
    }>`select count(*)::int as users from users where role = 'user'`.execute(deps.db);
    const { homeFigures: configured, homeUsersThreshold } = deps.config;
    const users = rows[0]?.users ?? 0;
    const figures = [
      { key: 'markets', value: String(tickers.length), source: 'measured' as const },
      { key: 'turnover_24h', value: fromUnits(turnover, 2), source: 'measured' as const },
      // A count of a handful tells a visitor the place is empty: below the operator's threshold it
      // is left out of the answer altogether, not merely hidden by the app.
      ...(users >= homeUsersThreshold
        ? [{ key: 'users', value: String(users), source: 'measured' as const }]
        : []),
      ...Object.entries(configured).map(([key, value]) => ({
        key,
        value: String(value),
        source: 'configured' as const,
      })),
    ];
    return {
      // Banners are managed content; none exist until an operator publishes some.
      banners: [],
      notices: (await listArticles(deps.db, request.language, noticeCategory, 1, homeNotices)).list,
      tickers: [...tickers]
        .sort((a, b) => Number(b.quote_volume) - Number(a.quote_volume))
        .slice(0, featuredCount),
      figures,
      simulated: market.simulated,
    };
  });
}
