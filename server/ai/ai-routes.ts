// The AI products' calls (`/ai/*`): the products on sale, a purchase and an early withdrawal
// through the writer with their idempotency keys, and the caller's orders with their schedules.
import { parseAmount } from '../../core/money.ts';
import { aiBuy, aiOrders, aiProducts, aiWithdraw } from '../../schemas/api/ai.schema.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { findProducts, listProducts, ordersOf } from './ai-store.ts';
import { orderView, productView } from './ai-views.ts';
import type { AiWriter } from './ai-writer.ts';

export function aiRoutes(router: Router, db: Db, writer: AiWriter): void {
  router.add(aiProducts, async () => ({ list: (await listProducts(db)).map(productView) }));

  router.add(aiBuy, async ({ product_id, amount }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const atoms = parseAmount(amount);
    if (atoms === null) throw new BusinessError('amount_invalid');
    return writer.buy(session.userId, product_id, atoms, {
      userId: session.userId,
      key,
      path: aiBuy.path,
      request: { product_id, amount },
    });
  });

  router.add(aiWithdraw, async ({ order_id }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    return writer.withdraw(session.userId, order_id, {
      userId: session.userId,
      key,
      path: aiWithdraw.path,
      request: { order_id },
    });
  });

  router.add(aiOrders, async ({ status, page, size }, { session }) => {
    const { list, total } = await ordersOf(db, {
      userId: session.userId,
      active: status === 'active',
      page,
      size,
    });
    const products = await findProducts(db, [...new Set(list.map((order) => order.productId))]);
    return {
      list: list.flatMap((order) => {
        const product = products.get(order.productId);
        return product ? [orderView(order, product)] : [];
      }),
      total,
      page,
      size,
    };
  });
}
