// `/market/prints`: a market's recorded index prints, read from the table the products settle on.
import { displayAmount, parseAmount } from '../../core/money.ts';
import { marketPrints } from '../../schemas/api/prints.schema.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import type { MarketService } from './market-service.ts';

export function printRoutes(router: Router, db: Db, market: MarketService): void {
  router.add(marketPrints, async ({ symbol, from, to }) => {
    if (!market.market(symbol)) throw new BusinessError('market_unknown');
    const rows = await db
      .selectFrom('index_prints')
      .select(['ts', 'price', 'sources', 'stale'])
      .where('symbol', '=', symbol)
      .where('ts', '>=', new Date(from))
      .where('ts', '<=', new Date(to))
      .orderBy('ts')
      .execute();
    return {
      symbol,
      prints: rows.map((row) => ({
        ts: new Date(row.ts).toISOString(),
        price: displayAmount(parseAmount(String(row.price)) ?? 0n),
        sources: row.sources,
        stale: row.stale,
      })),
    };
  });
}
