// A spot market's candles on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): `GET /api/v3/klines`, read from the market service as the app's `/market/kline` reads
// them (market-routes.ts), as Binance's array rows. Binance's intervals that name one of the app's
// periods are served; the others (1s, 3m, 2h, 6h, 8h, 12h, 3d, 1w, 1M) are refused with -1120, as
// Binance refuses an interval it does not know.

import { z } from 'zod';
import { periodMs } from '../../core/market/periods.ts';
import { fromUnits } from '../../core/market/units.ts';
import { klinePeriods } from '../../schemas/market-names.ts';
import type { BinanceRouter, PublicEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import { doorErrors } from '../binance/errors.ts';
import { msParam, wholeParam } from './binance-book-routes.ts';
import { invalidSymbol, symbolParam } from './binance-symbols.ts';
import type { MarketService } from './market-service.ts';

const klinesParams = z.object({
  symbol: symbolParam,
  /** Binance's interval names are the app's period names, for the periods the app keeps. */
  interval: z.string().min(1),
  startTime: msParam.optional(),
  endTime: msParam.optional(),
  // Binance's `timeZone` shifts daily candles; the app's days are UTC, so only UTC is taken.
  timeZone: z.enum(['0', '+0', '-0', '00:00', '+00:00', '-00:00']).optional(),
  limit: wholeParam(1, 1000).optional(),
});

export const klinesEndpoint = {
  method: 'GET',
  path: '/api/v3/klines',
  weight: 2,
  security: 'NONE',
  params: klinesParams,
} satisfies PublicEndpoint<typeof klinesParams>;

/** Candles Binance answers when `limit` is not sent. */
const defaultCandles = 500;

export function bindKlineRoutes(router: BinanceRouter, service: MarketService): void {
  router.add(klinesEndpoint, async ({ params }) => {
    const state = service.market(params.symbol);
    if (!state) throw invalidSymbol();
    const period = klinePeriods.find((name) => name === params.interval);
    if (!period) throw doorErrors.badInterval();
    const { startTime, endTime } = params;
    const limit = params.limit ?? defaultCandles;
    const length = periodMs[period];
    // Candles open at most at `endTime`; from `startTime` on, only the `limit` periods after it
    // can hold the first `limit` candles, so the page ends there. Else the newest `limit`.
    const ends = [
      endTime === undefined ? Number.POSITIVE_INFINITY : endTime + 1,
      startTime === undefined ? Number.POSITIVE_INFINITY : startTime + limit * length,
    ];
    const before = Math.min(...ends);
    const candles = await service.kline(state, period, limit, before);
    const { priceScale, quantityScale } = state.spec;
    const price = (units: number) => binanceDecimal(fromUnits(units, priceScale));
    return candles
      .filter((candle) => startTime === undefined || candle.t >= startTime)
      .map((candle) => [
        candle.t,
        price(candle.o),
        price(candle.h),
        price(candle.l),
        price(candle.c),
        binanceDecimal(fromUnits(candle.v, quantityScale)),
        candle.t + length - 1,
        price(candle.q),
        // The app's candles count no trades and no taker side (§ "Differences from Binance").
        0,
        '0.00000000',
        '0.00000000',
        '0',
      ]);
  });
}
