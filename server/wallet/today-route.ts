// `/wallet/today`: the signed-in home page's total worth and today's PnL (today-pnl.ts). The total
// is valued as `/wallet/balances` values it, so the two pages show one number.
import { walletToday } from '../../schemas/api/wallet-today.schema.ts';
import type { Db } from '../db/database.ts';
import type { Router } from '../http/router.ts';
import type { MarketService } from '../market/market-service.ts';
import { balancesOf } from './balances.ts';
import { priceSources } from './price-sources.ts';
import { todayPnl } from './today-pnl.ts';
import { unpricedAssets, valued } from './valuation.ts';

export function todayRoute(router: Router, db: Db, market: MarketService): void {
  router.add(walletToday, async (_input, { session }) => {
    const now = Date.now();
    const held = await balancesOf(db, session.userId);
    const sourced = await priceSources(db).pricesOf(unpricedAssets(held, market, now));
    const today = await todayPnl(db, held, market, session.userId, now);
    return { total: valued(held, market, now, sourced).totals.all, ...today };
  });
}
