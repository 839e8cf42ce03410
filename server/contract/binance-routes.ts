// The perpetuals' endpoints on the Binance-compatible door, under `/fapi/v1`, `/fapi/v2` and
// `/fapi/v3` (docs/api-binance.md § "Perpetuals"): an adapter onto the engine calls and reads the
// app's own `/contract/*` calls make, bound through the contract module like its own routes.
import type { BinanceRouter } from '../binance/binance-router.ts';
import { binanceAccountRoutes } from './binance-account-routes.ts';
import { binanceMarketRoutes, type PerpetualDoorDeps } from './binance-market-routes.ts';
import { binanceOrderRoutes } from './binance-order-routes.ts';
import type { ContractService } from './contract-service.ts';

export function binancePerpetualRoutes(
  router: BinanceRouter,
  deps: PerpetualDoorDeps,
  service: ContractService,
): void {
  binanceMarketRoutes(router, deps, service);
  binanceOrderRoutes(router, deps, service);
  binanceAccountRoutes(router, deps, service);
}
