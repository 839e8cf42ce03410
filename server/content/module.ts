// Content: the brand, home, articles and notices, the fixed documents, and their operator calls.
import { defineModule } from '../module.ts';
import { articleRoutes } from './article-routes.ts';
import { brandRoutes } from './brand-routes.ts';
import { contentOps } from './content-ops.ts';
import { homeRoutes } from './home-routes.ts';

export const contentModule = defineModule({
  name: 'content',
  create(context) {
    brandRoutes(context.router, context);
    articleRoutes(context.router, context);
    // The home page lists the markets' tickers: answered where the market data is.
    homeRoutes(context.marketRouter, context, context.market, () => context.scheduler.now());
    return { ops: contentOps(context.db) };
  },
});
