// The spot calls (`/spot/*`, docs/spot.md): the markets' rules, placing and cancelling orders, and
// the caller's order lists and fills. Placing and cancelling run on the market's single writer, in a batch
// committed with their idempotency keys, so an answer is only given once the order is durable.
import {
  cancelSpotOrder,
  placeSpotOrder,
  spotOrders,
  spotRules,
} from '../../schemas/api/spot.schema.ts';
import { spotFills } from '../../schemas/api/spot-fills.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { knownMarkets } from '../market/catalog.ts';
import { fillView, listFills } from './fill-store.ts';
import { parseOrder } from './order-checks.ts';
import { findOrder, listOrders, orderView } from './order-store.ts';
import { rulesView } from './spot-markets.ts';
import type { SpotService } from './spot-service.ts';

export function spotRoutes(router: Router, deps: AppDeps, spot: SpotService): void {
  const { db } = deps;

  /** A market's decimals, also for orders of a market no longer listed. */
  const scalesOf = (symbol: string) =>
    spot.market(symbol) ??
    knownMarkets.find((spec) => spec.symbol === symbol) ?? { priceScale: 8, quantityScale: 8 };

  router.add(spotRules, async () => ({ list: spot.markets().map(rulesView) }));

  router.add(placeSpotOrder, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const writer = spot.writerFor(input.symbol, 'market_unknown');
    const order = parseOrder(writer.market, session.userId, input);
    return writer.place(order, {
      userId: session.userId,
      key,
      path: placeSpotOrder.path,
      request: input,
    });
  });

  router.add(cancelSpotOrder, async ({ order_id }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    // Another user's order is answered exactly like one that does not exist.
    const found = await findOrder(db, session.userId, order_id);
    if (!found) throw new BusinessError('order_not_found');
    const writer = spot.writerFor(found.symbol, 'order_not_open');
    return writer.cancel(session.userId, order_id, {
      userId: session.userId,
      key,
      path: cancelSpotOrder.path,
      request: { order_id },
    });
  });

  router.add(spotOrders, async ({ status, symbol, page, size }, { session }) => {
    const { rows, total } = await listOrders(db, session.userId, status, symbol, page, size);
    return { list: rows.map((row) => orderView(row, scalesOf(row.symbol))), total, page, size };
  });

  router.add(spotFills, async ({ symbol, page, size }, { session }) => {
    // A filter on a market never listed is a mistake the caller should hear about, not an empty page.
    if (symbol !== undefined && !knownMarkets.some((spec) => spec.symbol === symbol)) {
      throw new BusinessError('market_unknown');
    }
    const { rows, total } = await listFills(db, session.userId, symbol, page, size);
    return { list: rows.map((row) => fillView(row, scalesOf(row.symbol))), total, page, size };
  });
}
