// The contract calls (`/contract/*`): the markets, opening, closing and cancelling through the
// engine (answered once durable, with their idempotency keys), and the caller's positions, orders
// and history. Another user's position or order is answered exactly like one that does not exist.

import { parseAmount } from '../../core/money.ts';
import {
  cancelContractOrder,
  closeContract,
  contractMarkets,
  contractOrders,
  contractPositions,
  openContract,
} from '../../schemas/api/contract.schema.ts';
import {
  contractLeverage,
  contractMargin,
  contractTpSl,
} from '../../schemas/api/contract-position-changes.schema.ts';
import {
  contractFills,
  contractFunding,
  contractHistory,
  contractInsurance,
  contractLiquidations,
} from '../../schemas/api/contract-records.schema.ts';
import { contractMarkets as marketContracts } from '../../schemas/api/market.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { tickersOf } from '../market/market-routes.ts';
import type { MarketService } from '../market/market-service.ts';
import { marketView } from './contract-market-view.ts';
import { quantityAtoms } from './contract-markets.ts';
import {
  closedView,
  fillView,
  findOrder,
  fundingView,
  insuranceFund,
  liquidationView,
  listClosed,
  listFills,
  listFunding,
  listLiquidations,
  listOrders,
  orderRowView,
} from './contract-queries.ts';
import type { ContractService } from './contract-service.ts';
import { positionView } from './contract-views.ts';
import { leverageOf, parseClose, parseOpen, priceAtomsOf, quantityOf } from './order-parse.ts';
import { positionsRead } from './position-reads.ts';
import { walletTotal } from './wallet-total.ts';

export function contractRoutes(
  router: Router,
  deps: AppDeps & { market: MarketService },
  service: ContractService,
): void {
  const { db } = deps;

  router.add(contractMarkets, async () => {
    const { engine, funding } = service;
    if (!engine || !funding) return { list: [] };
    const now = deps.clock.now().getTime();
    return {
      list: [...engine.markets.values()].map((market) =>
        marketView(market, engine, deps.market, funding, now),
      ),
    };
  });

  router.add(openContract, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const engine = service.runningEngine();
    const market = engine.markets.get(input.symbol);
    if (!market) throw new BusinessError('market_unknown');
    const order = parseOpen(market, session.userId, input);
    return engine.open(order, {
      userId: session.userId,
      key,
      path: openContract.path,
      request: input,
    });
  });

  router.add(closeContract, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const engine = service.runningEngine();
    const position = engine.state.positions.get(input.position_id);
    if (!position || position.userId !== session.userId) {
      throw new BusinessError('position_not_found');
    }
    const market = engine.markets.get(position.symbol);
    if (!market) throw new BusinessError('position_not_found');
    return engine.open(parseClose(market, position, input), {
      userId: session.userId,
      key,
      path: closeContract.path,
      request: input,
    });
  });

  router.add(cancelContractOrder, async ({ order_id }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const found = await findOrder(db, session.userId, order_id);
    if (!found) throw new BusinessError('order_not_found');
    return service.runningEngine().cancel(session.userId, order_id, {
      userId: session.userId,
      key,
      path: cancelContractOrder.path,
      request: { order_id },
    });
  });

  router.add(contractPositions, async ({ symbol }, { session }) => {
    const engine = service.engine;
    if (!engine) return { list: [] };
    // Spread over the nodes, this node holds only some markets' memory: the database has them all.
    if (service.spread) {
      const markOf = (of: string) => engine.marks.latest(of);
      return { list: await positionsRead(db, engine.markets, session.userId, symbol, markOf) };
    }
    const total = await walletTotal(db, session.userId);
    const list = engine.state
      .positionsOf(session.userId)
      .filter((position) => symbol === undefined || position.symbol === symbol)
      .sort((a, b) => a.id - b.id)
      .flatMap((position) => {
        const market = engine.markets.get(position.symbol);
        if (!market) return [];
        const backing = engine.backingOf(position, total) ?? position.margin;
        return [positionView(position, market, engine.marks.latest(position.symbol), backing)];
      });
    return { list };
  });

  router.add(contractOrders, async ({ status, symbol, page, size }, { session }) => {
    const { rows, total } = await listOrders(db, session.userId, status, symbol, page, size);
    return {
      list: rows.map((row) => orderRowView(row, service.scalesOf(row.symbol))),
      total,
      page,
      size,
    };
  });

  router.add(contractHistory, async ({ symbol, page, size }, { session }) => {
    const { rows, total } = await listClosed(db, session.userId, symbol, page, size);
    return {
      list: rows.map((row) => closedView(row, service.scalesOf(row.symbol))),
      total,
      page,
      size,
    };
  });

  router.add(contractFunding, async ({ symbol, page, size }, { session }) => {
    const { rows, total } = await listFunding(db, session.userId, symbol, page, size);
    return {
      list: rows.map((row) => fundingView(row, service.scalesOf(row.symbol))),
      total,
      page,
      size,
    };
  });

  router.add(contractInsurance, async ({ page, size }) => insuranceFund(db, page, size));

  router.add(contractTpSl, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const engine = service.runningEngine();
    const position = engine.state.positions.get(input.position_id);
    const market = position && engine.markets.get(position.symbol);
    if (!position || !market || position.userId !== session.userId) {
      throw new BusinessError('position_not_found');
    }
    return engine.tpsl(
      {
        userId: session.userId,
        positionId: input.position_id,
        tpPrice: priceAtomsOf(market, input.tp_price),
        slPrice: priceAtomsOf(market, input.sl_price),
        quantity:
          input.quantity === undefined
            ? null
            : quantityAtoms(market, quantityOf(market, input.quantity)),
      },
      { userId: session.userId, key, path: contractTpSl.path, request: input },
    );
  });

  router.add(contractMargin, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new BusinessError('amount_invalid');
    return service.runningEngine().margin(
      {
        userId: session.userId,
        positionId: input.position_id,
        action: input.action,
        amount,
      },
      { userId: session.userId, key, path: contractMargin.path, request: input },
    );
  });

  router.add(contractLeverage, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const engine = service.runningEngine();
    const market = engine.markets.get(input.symbol);
    if (!market) throw new BusinessError('market_unknown');
    return engine.leverage(
      {
        userId: session.userId,
        symbol: input.symbol,
        leverage: leverageOf(market, input.leverage),
      },
      { userId: session.userId, key, path: contractLeverage.path, request: input },
    );
  });

  // The futures list: the markets' tickers with what only perpetuals have.
  router.add(marketContracts, async () => {
    const now = deps.clock.now().getTime();
    const { engine, funding } = service;
    if (!engine || !funding) return { simulated: deps.market.simulated, list: [] };
    const list = tickersOf(deps.market, now).flatMap((ticker) => {
      const market = engine.markets.get(ticker.symbol);
      if (!market) return [];
      const view = marketView(market, engine, deps.market, funding, now);
      return [
        {
          ...ticker,
          mark_price: view.mark_price,
          index_price: view.index_price,
          funding_rate: view.funding_rate,
          next_funding_time: view.next_funding_time,
        },
      ];
    });
    return { simulated: deps.market.simulated, list };
  });

  router.add(contractLiquidations, async ({ symbol, page, size }, { session }) => {
    const { rows, total } = await listLiquidations(db, session.userId, symbol, page, size);
    return {
      list: rows.map((row) => liquidationView(row, service.scalesOf(row.symbol))),
      total,
      page,
      size,
    };
  });

  router.add(contractFills, async ({ symbol, page, size }, { session }) => {
    const { rows, total } = await listFills(db, session.userId, symbol, page, size);
    return {
      list: rows.map((row) => fillView(row, service.scalesOf(row.symbol))),
      total,
      page,
      size,
    };
  });
}
