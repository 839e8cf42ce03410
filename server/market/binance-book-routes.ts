// A spot market's book and trades on the Binance-compatible door (docs/api-binance.md § "Spot
// market data"): `GET /api/v3/depth`, `/api/v3/trades` and `/api/v3/aggTrades`, read from the
// market service as the app's `/market/depth` and `/market/trades` read them (market-routes.ts),
// in Binance's shapes.

import { z } from 'zod';
import { fromUnits } from '../../core/market/units.ts';
import type { BinanceRouter, PublicEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import { invalidSymbol, symbolParam } from './binance-symbols.ts';
import type { TradeIds } from './binance-trade-ids.ts';
import { depthSnapshot, type Scales } from './book-rows.ts';
import type { MarketService } from './market-service.ts';
import type { UnitTrade } from './recent-trades.ts';

/** A whole number sent as text, within `min`..`max` (else -1100 naming the parameter). */
export const wholeParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .refine((value) => value >= min && value <= max);

/** A time in ms since the epoch, as Binance's `startTime` and `endTime`. */
export const msParam = wholeParam(0, 8.64e15);

/** The book sizes Binance's spot depth takes; any other `limit` is -1100. */
export const depthLimits = [5, 10, 20, 50, 100, 500, 1000, 5000] as const;

const depthParams = z.object({
  symbol: symbolParam,
  limit: z
    .string()
    .refine((text) => depthLimits.some((limit) => String(limit) === text))
    .transform(Number)
    .optional(),
});

const tradesParams = z.object({ symbol: symbolParam, limit: wholeParam(1, 1000).optional() });

const aggTradesParams = z.object({
  symbol: symbolParam,
  fromId: wholeParam(0, Number.MAX_SAFE_INTEGER).optional(),
  startTime: msParam.optional(),
  endTime: msParam.optional(),
  limit: wholeParam(1, 1000).optional(),
});

const endpoint = <S extends z.ZodType>(path: string, weight: number, params: S) =>
  ({ method: 'GET', path, weight, security: 'NONE', params }) satisfies PublicEndpoint<S>;

export const depthEndpoint = {
  ...endpoint('/api/v3/depth', 5, depthParams),
  // Binance's: a deeper book weighs more.
  weightOf: ({ limit = 100 }: z.output<typeof depthParams>) =>
    limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250,
} satisfies PublicEndpoint<typeof depthParams>;
export const tradesEndpoint = endpoint('/api/v3/trades', 25, tradesParams);
export const aggTradesEndpoint = endpoint('/api/v3/aggTrades', 4, aggTradesParams);

/** Trades Binance answers when `limit` is not sent. */
const defaultTrades = 500;

/** A published trade with its id, oldest first in every list below. */
interface NumberedTrade {
  id: number;
  trade: UnitTrade;
}

export function bindBookRoutes(router: BinanceRouter, service: MarketService, ids: TradeIds): void {
  const marketOf = (symbol: string) => {
    const state = service.market(symbol);
    if (!state) throw invalidSymbol();
    return state;
  };

  /** The market's recent trades that are published (numbered), oldest first. */
  const numbered = (symbol: string): { spec: Scales; trades: NumberedTrade[] } => {
    const state = marketOf(symbol);
    const trades = state
      .recentTrades(Number.MAX_SAFE_INTEGER)
      .flatMap((trade) => {
        const id = ids.idOf(trade);
        return id === undefined ? [] : [{ id, trade }];
      })
      .reverse();
    return { spec: state.spec, trades };
  };

  router.add(depthEndpoint, async ({ params }) => {
    const state = marketOf(params.symbol);
    const { version, data } = depthSnapshot(state.book, state.spec, params.limit ?? 100);
    const rows = (levels: readonly (readonly [string, string])[]) =>
      levels.map(([price, quantity]) => [binanceDecimal(price), binanceDecimal(quantity)]);
    return { lastUpdateId: version, bids: rows(data.bids), asks: rows(data.asks) };
  });

  router.add(tradesEndpoint, async ({ params }) => {
    const { spec, trades } = numbered(params.symbol);
    return trades.slice(-(params.limit ?? defaultTrades)).map(({ id, trade }) => {
      const view = tradeView(trade, spec);
      return {
        id,
        price: view.price,
        qty: view.qty,
        quoteQty: view.quoteQty,
        time: trade.ts,
        isBuyerMaker: view.isBuyerMaker,
        isBestMatch: true,
      };
    });
  });

  router.add(aggTradesEndpoint, async ({ params }) => {
    const { spec, trades } = numbered(params.symbol);
    const { fromId, startTime, endTime } = params;
    const limit = params.limit ?? defaultTrades;
    const chosen = trades.filter(
      ({ id, trade }) =>
        (fromId === undefined || id >= fromId) &&
        (startTime === undefined || trade.ts >= startTime) &&
        (endTime === undefined || trade.ts <= endTime),
    );
    // From `fromId` or `startTime` on, the first `limit`; else the newest `limit`, as Binance.
    const page =
      fromId !== undefined || startTime !== undefined
        ? chosen.slice(0, limit)
        : chosen.slice(-limit);
    // Each trade is its own aggregate: the engine reports each fill as a trade.
    return page.map(({ id, trade }) => {
      const view = tradeView(trade, spec);
      return {
        a: id,
        p: view.price,
        q: view.qty,
        f: id,
        l: id,
        T: trade.ts,
        m: view.isBuyerMaker,
        M: true,
      };
    });
  });
}

/** A trade's numbers as Binance writes them; the quote amount exact (p + q ≤ 8 decimals). */
function tradeView(trade: UnitTrade, spec: Scales) {
  return {
    price: binanceDecimal(fromUnits(trade.price, spec.priceScale)),
    qty: binanceDecimal(fromUnits(trade.quantity, spec.quantityScale)),
    quoteQty: binanceDecimal(
      fromUnits(BigInt(trade.price) * BigInt(trade.quantity), spec.priceScale + spec.quantityScale),
    ),
    // The taker sold: the buyer's order was the resting one.
    isBuyerMaker: trade.side === 'sell',
  };
}
