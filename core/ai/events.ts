// Events of the AI ETF section's fixed-term products: what is on sale (`/ai/products`), a purchase
// sent and the order it answers with its schedule (`/ai/buy`), pages of the user's orders
// (`/ai/orders`, active or finished) and an early withdrawal with the order it answers
// (`/ai/withdraw`), and the private `ai-order-updates` frames of orders that matured.
import { z } from 'zod/mini';
import { aiOrderSchema, aiOrders, aiProducts } from '../../schemas/api/ai.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { pagedSchema } from '../../schemas/primitives.ts';
import { event, privateFrame } from '../event.ts';

export const aiOrderListSchema = aiOrders.request.shape.status;
export type AiOrderList = z.infer<typeof aiOrderListSchema>;

const listQuery = { status: aiOrderListSchema, page: z.int(), size: z.int() };

export const aiEvents = [
  event('intent', 'ai-products-requested', z.null()),
  event('api', 'ai-products', aiProducts.response),
  event('intent', 'ai-buy', z.object({ product_id: z.int(), amount: z.string(), key: z.string() })),
  event('api', 'ai-bought', aiOrderSchema),
  event('intent', 'ai-orders-requested', z.object(listQuery)),
  event('api', 'ai-orders', z.object({ ...listQuery, answer: pagedSchema(aiOrderSchema) })),
  event('intent', 'ai-withdraw', z.object({ order_id: z.int(), key: z.string() })),
  event('api', 'ai-withdrawn', aiOrderSchema),
  event('socket', 'ai-order-updates', privateFrame(channelData['ai-order-updates'])),
] as const;
