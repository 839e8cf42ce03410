// The door's general endpoints, which belong to no product: a connectivity test and the server's
// time, under both the spot (`/api/v3`) and the futures (`/fapi/v1`) prefixes, as Binance serves
// them. ccxt reads the time to sign with the server's clock (`adjustForTimeDifference`).
import { z } from 'zod';
import type { BinanceRouter, PublicEndpoint } from './binance-router.ts';

const noParams = z.object({});

const general = (path: string): PublicEndpoint<typeof noParams> => ({
  method: 'GET',
  path,
  weight: 1,
  security: 'NONE',
  params: noParams,
});

export const doorPrefixes = ['/api/v3', '/fapi/v1'] as const;

export function bindGeneralRoutes(router: BinanceRouter, now: () => number): void {
  for (const prefix of doorPrefixes) {
    router.add(general(`${prefix}/ping`), async () => ({}));
    router.add(general(`${prefix}/time`), async () => ({ serverTime: now() }));
  }
}
