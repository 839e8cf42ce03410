// `/contract/kline`: a perpetual's candles of its own trades (perpetual-candles.ts), asked and
// answered as `/market/kline` answers the index's, so the chart reads either alike. Nothing before
// the perpetual's first trade: an empty list, and the chart says so (src/contract/PerpetualChart.tsx).
import { contractKline } from '../../schemas/api/contract-kline.schema.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { candleRow } from '../market/market-routes.ts';
import type { ContractService } from './contract-service.ts';

/** What the answer's `feed` names: the candles come from the perpetual's own book, not a feed. */
export const perpetualFeed = 'contract';

export function klineRoutes(
  router: Router,
  service: ContractService,
  market: { readonly simulated: boolean },
): void {
  router.add(contractKline, async ({ symbol, period, limit, before }) => {
    const contract = service.engine?.markets.get(symbol);
    if (!contract || !service.candles) throw new BusinessError('market_unknown');
    const candles = service.candles.kline(symbol, period, limit, before);
    return {
      symbol,
      period,
      feed: perpetualFeed,
      simulated: market.simulated,
      candles: candles.map((candle) => candleRow(candle, { spec: contract })),
    };
  });
}
