// Spot trading on the Binance-compatible door (docs/api-binance.md § "Spot trading"): its orders
// (binance-order-routes.ts) and the caller's account, orders and trades (binance-account-routes.ts),
// bound on the door's router the spot module is given.
import type { BinanceRouter } from '../binance/binance-router.ts';
import type { AppDeps } from '../deps.ts';
import { bindSpotAccountRoutes } from './binance-account-routes.ts';
import { bindSpotOrderRoutes } from './binance-order-routes.ts';
import type { SpotService } from './spot-service.ts';

export function bindSpotTrading(router: BinanceRouter, deps: AppDeps, spot: SpotService): void {
  bindSpotOrderRoutes(router, deps, spot);
  bindSpotAccountRoutes(router, deps, spot);
}
