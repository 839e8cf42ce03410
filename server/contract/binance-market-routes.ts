// The perpetuals' public endpoints on the Binance door (docs/api-binance.md § "Perpetuals"):
// `GET /fapi/v1/exchangeInfo`, `depth`, `klines`, `premiumIndex`, `fundingRate`. Each answers from
// what the app's own calls read (`/contract/markets`, `/contract/depth`, `/contract/kline`), in
// Binance's shapes (binance-views.ts).
import { sql } from 'kysely';
import { z } from 'zod';
import { periodMs } from '../../core/market/periods.ts';
import { displayAmount } from '../../core/money.ts';
import { klinePeriods } from '../../schemas/market-names.ts';
import type { BinanceRouter } from '../binance/binance-router.ts';
import { doorErrors } from '../binance/errors.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { depthSnapshot } from '../market/book-rows.ts';
import { candleRow } from '../market/market-routes.ts';
import type { MarketService } from '../market/market-service.ts';
import { binanceSymbol } from './binance-views.ts';
import type { ContractEngine } from './contract-engine.ts';
import { marketView } from './contract-market-view.ts';
import type { ContractService } from './contract-service.ts';
import type { ContractSettings } from './contract-settings.ts';

export interface PerpetualDoorDeps {
  db: Db;
  /**
   * The database a market's door writes go through: the market's writer's, fenced by its lease
   * where the perpetuals are spread over the nodes (its calls are answered where it is held).
   */
  writerDb(symbol: string): Db;
  clock: Clock;
  market: MarketService;
  settings: ContractSettings;
}

const symbol = z.string().min(1);
const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max);
const ms = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
const eightHours = 8 * 3_600_000;

/** Binance's depth limits; another is answered with the next one up. */
const depthLimits = [5, 10, 20, 50, 100, 500, 1000] as const;

const depthParams = z.object({ symbol, limit: count(1000).optional() });
const klinesParams = z.object({
  symbol,
  interval: z.string().min(1),
  startTime: ms.optional(),
  endTime: ms.optional(),
  limit: count(1500).optional(),
});

export function binanceMarketRoutes(
  router: BinanceRouter,
  deps: PerpetualDoorDeps,
  service: ContractService,
): void {
  const now = () => deps.clock.now().getTime();
  const marketOf = (name: string) => {
    const market = service.engine?.markets.get(name);
    if (!market || !service.engine) throw new BusinessError('market_unknown');
    return { market, engine: service.engine };
  };
  const viewOf = (engine: ContractEngine, name: string) => {
    const { funding } = service;
    const market = engine.markets.get(name);
    if (!market || !funding) throw new BusinessError('market_unknown');
    return { market, view: marketView(market, engine, deps.market, funding, now()) };
  };

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/exchangeInfo',
      weight: 1,
      security: 'NONE',
      params: z.object({}),
    },
    async () => {
      const { engine } = service;
      const symbols = engine
        ? [...engine.markets.keys()].map((name) => {
            const { market, view } = viewOf(engine, name);
            return binanceSymbol(view, market, 0);
          })
        : [];
      return {
        timezone: 'UTC',
        serverTime: now(),
        futuresType: 'U_MARGINED',
        rateLimits: [],
        exchangeFilters: [],
        assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
        symbols,
      };
    },
  );

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/depth',
      // Binance's weights: 2 up to 50 levels, 5 for 100, 10 for 500, 20 for 1000.
      weight: 2,
      weightOf: ({ limit = 500 }: z.output<typeof depthParams>) =>
        limit <= 50 ? 2 : limit <= 100 ? 5 : limit <= 500 ? 10 : 20,
      security: 'NONE',
      params: depthParams,
    },
    async ({ params }) => {
      const { market } = marketOf(params.symbol);
      const book = service.books?.book(params.symbol);
      if (!book) throw new BusinessError('market_unknown');
      const limit = depthLimits.find((step) => step >= (params.limit ?? 500)) ?? 1000;
      const { version, data } = depthSnapshot(book.depth, market, limit);
      const time = now();
      return { lastUpdateId: version, E: time, T: time, bids: data.bids, asks: data.asks };
    },
  );

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/klines',
      // Binance's weights: 1 under 100 candles, 2 under 500, 5 to 1000, 10 past it.
      weight: 1,
      weightOf: ({ limit = 500 }: z.output<typeof klinesParams>) =>
        limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10,
      security: 'NONE',
      params: klinesParams,
    },
    async ({ params }) => {
      const { market } = marketOf(params.symbol);
      const period = klinePeriods.find((name) => name === params.interval);
      if (!period) throw doorErrors.badInterval();
      if (!service.candles) throw new BusinessError('market_unknown');
      const limit = Math.min(params.limit ?? 500, 1000);
      const before = params.endTime === undefined ? undefined : params.endTime + 1;
      // From `startTime` on, the first `limit` candles; else the last `limit` before `endTime`.
      const candles =
        params.startTime === undefined
          ? service.candles.kline(params.symbol, period, limit, before)
          : service.candles
              .kline(params.symbol, period, 1000, before)
              .filter((candle) => candle.t >= (params.startTime ?? 0))
              .slice(0, limit);
      return candles.map((candle) => {
        const [openTime, open, high, low, close, volume] = candleRow(candle, { spec: market });
        const closeTime = openTime + periodMs[period] - 1;
        return [openTime, open, high, low, close, volume, closeTime, '0', 0, '0', '0', '0'];
      });
    },
  );

  const premiumOf = (engine: ContractEngine, name: string) => {
    const { view } = viewOf(engine, name);
    const { fundingIntervalMs, fundingRule } = deps.settings;
    return {
      symbol: name,
      markPrice: view.mark_price ?? '0',
      indexPrice: view.index_price ?? '0',
      estimatedSettlePrice: view.index_price ?? '0',
      lastFundingRate: view.funding_rate,
      interestRate: displayAmount(
        (fundingRule.interest * BigInt(fundingIntervalMs)) / BigInt(eightHours),
      ),
      nextFundingTime: new Date(view.next_funding_time).getTime(),
      time: now(),
    };
  };

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/premiumIndex',
      weight: 1,
      security: 'NONE',
      params: z.object({ symbol: symbol.optional() }),
    },
    async ({ params }) => {
      const { engine } = service;
      if (params.symbol !== undefined)
        return premiumOf(marketOf(params.symbol).engine, params.symbol);
      return engine ? [...engine.markets.keys()].map((name) => premiumOf(engine, name)) : [];
    },
  );

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/fundingRate',
      weight: 1,
      security: 'NONE',
      params: z.object({
        symbol: symbol.optional(),
        startTime: ms.optional(),
        endTime: ms.optional(),
        limit: count(1000).optional(),
      }),
    },
    async ({ params }) => {
      if (params.symbol !== undefined) marketOf(params.symbol);
      return fundingRounds(deps.db, params);
    },
  );
}

/**
 * Paid funding rounds, oldest first: from `startTime` on, else the latest `limit` up to `endTime`
 * (Binance's rule). The rate is the one each position was paid at.
 */
async function fundingRounds(
  db: Db,
  query: {
    symbol?: string | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
    limit?: number | undefined;
  },
) {
  const limit = query.limit ?? 100;
  const symbolFilter = query.symbol ?? null;
  const from = query.startTime === undefined ? null : new Date(query.startTime);
  const to = query.endTime === undefined ? null : new Date(query.endTime);
  const newestFirst = from === null;
  const { rows } = await sql<{
    symbol: string;
    funding_time: Date | string;
    rate: string;
    mark_price: string;
  }>`
    select symbol, funding_time, rate::text, mark_price::text from contract_funding_rounds
    where (${symbolFilter}::text is null or symbol = ${symbolFilter})
      and (${from}::timestamptz is null or funding_time >= ${from})
      and (${to}::timestamptz is null or funding_time <= ${to})
    order by funding_time ${newestFirst ? sql`desc` : sql`asc`}, symbol
    limit ${limit}`.execute(db);
  const ordered = newestFirst ? rows.reverse() : rows;
  return ordered.map((row) => ({
    symbol: row.symbol,
    fundingTime: new Date(row.funding_time).getTime(),
    fundingRate: displayAmount(BigInt(row.rate)),
    markPrice: trimDecimal(row.mark_price),
  }));
}

/** `97000.10000000` → `97000.1`. */
function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
