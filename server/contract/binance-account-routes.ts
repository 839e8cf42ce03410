// The perpetual account on the Binance door (docs/api-binance.md § "Perpetuals"): leverage and
// margin type per market, positions (`positionRisk`), the contract wallet (`balance`, `account`),
// the user's trades and the leverage brackets. Positions are read as `/contract/positions` reads
// them from the database (position-reads.ts), so any node answers them alike.
import { sql } from 'kysely';
import { z } from 'zod';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { BinanceRouter } from '../binance/binance-router.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import type { PerpetualDoorDeps } from './binance-market-routes.ts';
import { inBinanceTerms, perpetualRefusals } from './binance-refusals.ts';
import {
  heldTerms,
  leveragePath,
  marginTypePath,
  recordChoice,
  termsInForce,
} from './binance-terms.ts';
import { binanceAsset, binanceBrackets, binancePosition, binanceTrade } from './binance-views.ts';
import { marketView } from './contract-market-view.ts';
import { fillView } from './contract-queries.ts';
import type { ContractService } from './contract-service.ts';
import { leverageOf } from './order-parse.ts';
import { positionsRead } from './position-reads.ts';

const symbol = z.string().min(1);
const ms = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

export function binanceAccountRoutes(
  router: BinanceRouter,
  deps: PerpetualDoorDeps,
  service: ContractService,
): void {
  const { db } = deps;
  const now = () => deps.clock.now().getTime();
  const marketOf = (name: string) => {
    const market = service.runningEngine().markets.get(name);
    if (!market) throw new BusinessError('market_unknown');
    return market;
  };
  const positionsOf = (userId: number, only?: string) => {
    const engine = service.engine;
    if (!engine) return Promise.resolve([]);
    return positionsRead(db, engine.markets, userId, only, (of) => engine.marks.latest(of));
  };

  router.add(
    {
      method: 'POST',
      path: leveragePath,
      weight: 1,
      security: 'TRADE',
      scope: 'futures',
      params: z.object({ symbol, leverage: z.string().min(1) }),
    },
    async ({ params, userId }) => {
      const engine = service.runningEngine();
      const market = marketOf(params.symbol);
      const leverage = await inBinanceTerms(async () => {
        const chosen = leverageOf(market, params.leverage);
        // The app's own leverage call: it changes an open position's (and its margin), and
        // refuses while opening orders rest.
        await engine.leverage({ userId, symbol: market.symbol, leverage: chosen });
        return chosen;
      }, params.leverage);
      await recordChoice(deps.writerDb(market.symbol), userId, market.symbol, { leverage }, now());
      const cap = market.brackets.filter((bracket) => bracket.maxLeverage >= leverage).at(-1);
      return {
        symbol: market.symbol,
        leverage,
        maxNotionalValue: cap ? displayAmount(cap.notionalCap) : '0',
      };
    },
  );

  router.add(
    {
      method: 'POST',
      path: marginTypePath,
      weight: 1,
      security: 'TRADE',
      scope: 'futures',
      params: z.object({ symbol, marginType: z.enum(['ISOLATED', 'CROSSED']) }),
    },
    async ({ params, userId }) => {
      const engine = service.runningEngine();
      const market = marketOf(params.symbol);
      const marginMode = params.marginType === 'ISOLATED' ? 'isolated' : 'cross';
      const held = heldTerms(engine.state, userId, market.symbol);
      const inForce = held ?? (await termsInForce(db, engine.state, userId, market));
      if (inForce.marginMode === marginMode) throw perpetualRefusals.marginTypeUnchanged();
      // A position or an opening order keeps its margin mode until it is gone (the app's rule).
      if (engine.state.positionOf(userId, market.symbol)) {
        throw perpetualRefusals.marginTypeWithPosition();
      }
      if (held) throw perpetualRefusals.marginTypeWithOrders();
      await recordChoice(
        deps.writerDb(market.symbol),
        userId,
        market.symbol,
        { marginMode },
        now(),
      );
      return { code: 200, msg: 'success' };
    },
  );

  const positionRisk = async ({
    params,
    userId,
  }: {
    params: { symbol?: string | undefined };
    userId: number;
  }) => {
    if (params.symbol !== undefined) marketOf(params.symbol);
    const positions = await positionsOf(userId, params.symbol);
    return positions.flatMap((position) => {
      const market = service.engine?.markets.get(position.symbol);
      return market ? [binancePosition(position, market)] : [];
    });
  };
  for (const path of ['/fapi/v2/positionRisk', '/fapi/v3/positionRisk']) {
    router.add(
      {
        method: 'GET',
        path,
        weight: 5,
        security: 'USER_DATA',
        scope: 'read',
        params: z.object({ symbol: symbol.optional() }),
      },
      positionRisk,
    );
  }

  const assetOf = async (userId: number) => {
    const positions = await positionsOf(userId);
    const { rows } = await sql<{ available: string; frozen: string }>`
      select available::text, frozen::text from ledger_accounts
      where user_id = ${userId} and wallet = 'contract' and asset = 'USDT'`.execute(db);
    return {
      positions,
      asset: binanceAsset({
        available: parseAmount(rows[0]?.available ?? '0') ?? 0n,
        frozen: parseAmount(rows[0]?.frozen ?? '0') ?? 0n,
        positions,
        marketOf: (name) => service.engine?.markets.get(name),
        now: now(),
      }),
    };
  };

  router.add(
    {
      method: 'GET',
      path: '/fapi/v2/balance',
      weight: 5,
      security: 'USER_DATA',
      scope: 'read',
      params: z.object({}),
    },
    async ({ userId }) => {
      const { asset } = await assetOf(userId);
      return [
        {
          accountAlias: '',
          asset: asset.asset,
          balance: asset.walletBalance,
          crossWalletBalance: asset.crossWalletBalance,
          crossUnPnl: asset.crossUnPnl,
          availableBalance: asset.availableBalance,
          maxWithdrawAmount: asset.maxWithdrawAmount,
          marginAvailable: true,
          updateTime: asset.updateTime,
        },
      ];
    },
  );

  const account = async ({ userId }: { userId: number }) => {
    const { asset, positions } = await assetOf(userId);
    return {
      totalInitialMargin: asset.initialMargin,
      totalMaintMargin: asset.maintMargin,
      totalWalletBalance: asset.walletBalance,
      totalUnrealizedProfit: asset.unrealizedProfit,
      totalMarginBalance: asset.marginBalance,
      totalPositionInitialMargin: asset.positionInitialMargin,
      totalOpenOrderInitialMargin: asset.openOrderInitialMargin,
      totalCrossWalletBalance: asset.crossWalletBalance,
      totalCrossUnPnl: asset.crossUnPnl,
      availableBalance: asset.availableBalance,
      maxWithdrawAmount: asset.maxWithdrawAmount,
      assets: [asset],
      positions: positions.flatMap((position) => {
        const market = service.engine?.markets.get(position.symbol);
        if (!market) return [];
        const shown = binancePosition(position, market);
        return [{ ...shown, unrealizedProfit: shown.unRealizedProfit }];
      }),
    };
  };
  for (const path of ['/fapi/v2/account', '/fapi/v3/account']) {
    router.add(
      {
        method: 'GET',
        path,
        weight: 5,
        security: 'USER_DATA',
        scope: 'read',
        params: z.object({}),
      },
      account,
    );
  }

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/userTrades',
      weight: 5,
      security: 'USER_DATA',
      scope: 'read',
      params: z.object({
        symbol,
        orderId: z
          .string()
          .regex(/^[1-9]\d{0,17}$/)
          .optional(),
        startTime: ms.optional(),
        endTime: ms.optional(),
        fromId: z
          .string()
          .regex(/^\d{1,18}$/)
          .optional(),
        limit: z
          .string()
          .regex(/^\d{1,4}$/)
          .transform(Number)
          .refine((value) => value >= 1 && value <= 1000)
          .optional(),
      }),
    },
    async ({ params, userId }) => {
      const market = marketOf(params.symbol);
      const rows = await userFills(db, userId, params);
      return rows.map((row) => binanceTrade(fillView(row, market)));
    },
  );

  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/leverageBracket',
      weight: 1,
      security: 'USER_DATA',
      scope: 'read',
      params: z.object({ symbol: symbol.optional() }),
    },
    async ({ params }) => {
      const engine = service.runningEngine();
      const { funding } = service;
      if (!funding) return [];
      const names = params.symbol === undefined ? [...engine.markets.keys()] : [params.symbol];
      const brackets = names.map((name) =>
        binanceBrackets(marketView(marketOf(name), engine, deps.market, funding, now())),
      );
      return params.symbol === undefined ? brackets : brackets[0];
    },
  );
}

type FillRow = Parameters<typeof fillView>[0];

/**
 * The user's fills in a market, oldest first, as Binance pages them: from `fromId`, else from
 * `startTime`, else the latest `limit` (up to `endTime`); of one order when `orderId` is given.
 */
async function userFills(
  db: Db,
  userId: number,
  query: {
    symbol: string;
    orderId?: string | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
    fromId?: string | undefined;
    limit?: number | undefined;
  },
): Promise<FillRow[]> {
  const limit = query.limit ?? 500;
  const fromId = query.fromId ?? null;
  const orderId = query.orderId ?? null;
  const from = query.startTime === undefined ? null : new Date(query.startTime);
  const to = query.endTime === undefined ? null : new Date(query.endTime);
  const newestFirst = fromId === null && from === null;
  const { rows } = await sql<FillRow>`
    select id, symbol, order_id, side, role, price::text, quantity::text, value::text, fee::text,
      pnl::text, created_at, 0 as total
    from (
      select id, symbol, taker_order_id as order_id, taker_side as side, 'taker' as role, price,
        quantity, value, taker_fee as fee, taker_pnl as pnl, created_at
      from contract_fills where taker_user_id = ${userId} and symbol = ${query.symbol}
      union all
      select id, symbol, maker_order_id, case taker_side when 'buy' then 'sell' else 'buy' end,
        'maker', price, quantity, value, maker_fee, maker_pnl, created_at
      from contract_fills where maker_user_id = ${userId} and symbol = ${query.symbol}
    ) f
    where (${fromId}::bigint is null or id >= ${fromId}::bigint)
      and (${orderId}::bigint is null or order_id = ${orderId}::bigint)
      and (${from}::timestamptz is null or created_at >= ${from})
      and (${to}::timestamptz is null or created_at <= ${to})
    order by id ${newestFirst ? sql`desc` : sql`asc`}, role ${newestFirst ? sql`desc` : sql`asc`}
    limit ${limit}`.execute(db);
  return newestFirst ? rows.reverse() : rows;
}
