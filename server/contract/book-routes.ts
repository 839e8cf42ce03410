// The perpetuals' public book calls: `/contract/depth` and `/contract/trades`, the same answers as
// a spot market's, read from the perpetual's own book.
import { contractDepth, contractTrades } from '../../schemas/api/contract-book.schema.ts';
import type { Clock } from '../clock.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { depthSnapshot, tradeRows } from '../market/book-rows.ts';
import type { ContractService } from './contract-service.ts';

export function bookRoutes(router: Router, clock: Clock, service: ContractService): void {
  const bookOf = (symbol: string) => {
    const market = service.engine?.markets.get(symbol);
    const book = service.books?.book(symbol);
    if (!market || !book) throw new BusinessError('market_unknown');
    return { market, book };
  };

  router.add(contractDepth, async ({ symbol, limit }) => {
    const { market, book } = bookOf(symbol);
    const { version, data } = depthSnapshot(book.depth, market, limit);
    return { symbol, version, ts: clock.now().getTime(), bids: data.bids, asks: data.asks };
  });

  router.add(contractTrades, async ({ symbol, limit }) => {
    const { market, book } = bookOf(symbol);
    return { symbol, trades: tradeRows(book.trades.recent(limit), market) };
  });
}
