// The wallet's price source for pre-sale tokens (server/wallet/price-sources.ts): a token no spot
// market quotes is worth the price of its latest subscription project, in USDT, so the asset
// center's total counts it and marks it "at pre-sale price".
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { PriceSource, SourcedPrice } from '../wallet/price-sources.ts';

export function presalePrices(db: Db): PriceSource {
  return async (assets) => {
    const rows = await db
      .selectFrom('subscription_projects')
      .select(['asset', 'price'])
      .where('asset', 'in', [...assets])
      .orderBy('id', 'desc')
      .execute();
    const prices = new Map<string, SourcedPrice>();
    for (const row of rows) {
      const price = parseAmount(String(row.price));
      // The latest project of an asset is its price; an earlier one was superseded.
      if (price !== null && !prices.has(row.asset))
        prices.set(row.asset, { price, basis: 'presale' });
    }
    return prices;
  };
}
