// Events of spot trading: the markets' rules, the user's order lists, placing and cancelling with
// their idempotency keys, the orders answered, the user's fills, and the private `orders` channel.
import { z } from 'zod/mini';
import {
  spotOrderListSchema,
  spotOrderSchema,
  spotOrderTypeSchema,
  spotRules,
  spotSideSchema,
} from '../../schemas/api/spot.schema.ts';
import { spotFills } from '../../schemas/api/spot-fills.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { event, privateFrame } from '../event.ts';

const listQuery = {
  status: spotOrderListSchema,
  page: z.int(),
  symbol: z.optional(z.string()),
};

export const spotEvents = [
  event('intent', 'spot-markets-requested', z.null()),
  event('api', 'spot-markets', spotRules.response),
  event('intent', 'spot-orders-requested', z.object({ ...listQuery, size: z.int() })),
  event('api', 'spot-orders', z.object({ ...listQuery, list: z.array(spotOrderSchema) })),
  event(
    'intent',
    'spot-fills-requested',
    z.object({ page: z.int(), symbol: z.optional(z.string()) }),
  ),
  event('api', 'spot-fills', spotFills.response),
  event(
    'intent',
    'spot-place',
    z.object({
      symbol: z.string(),
      side: spotSideSchema,
      type: spotOrderTypeSchema,
      price: z.optional(z.string()),
      quantity: z.optional(z.string()),
      turnover: z.optional(z.string()),
      key: z.string(),
    }),
  ),
  event('intent', 'spot-cancel', z.object({ order_id: z.int(), key: z.string() })),
  event('api', 'spot-order', spotOrderSchema),
  event('socket', 'orders', privateFrame(channelData.orders)),
] as const;
