// Spot's public market data on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): the book and trades, candles and tickers under `/api/v3`, each read from the market
// service the app's own `/market/*` calls read. Bound by the market module, so a call is answered
// on the node running the market data, as `/market/*` is.
import type { BinanceRouter } from '../binance/binance-router.ts';
import { bindBookRoutes } from './binance-book-routes.ts';
import { bindKlineRoutes } from './binance-kline-routes.ts';
import { bindTickerRoutes } from './binance-ticker-routes.ts';
import type { TradeIds } from './binance-trade-ids.ts';
import type { MarketService } from './market-service.ts';

export function bindBinanceMarketData(
  router: BinanceRouter,
  service: MarketService,
  now: () => number,
  ids: TradeIds,
): void {
  bindBookRoutes(router, service, ids);
  bindKlineRoutes(router, service);
  bindTickerRoutes(router, service, now);
}
