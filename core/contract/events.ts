// Events of perpetual contracts: the markets with their rules and brackets, the board of marks and
// funding rates, the user's positions and orders, the money-moving intents with their idempotency
// keys (open, close, cancel, TP/SL, margin, leverage), the answers they bring, the pages of the
// history lists (closed positions, orders, fills, funding payments, liquidations), each perpetual's
// own book and trades (`/contract/trades`, the `contract-depth.*` and `contract-trades.*` frames),
// and the socket's `mark.*`, `funding.*` and private `positions` and `contract-orders` frames.
import { z } from 'zod/mini';
import {
  contractMarkets,
  contractOrderSchema,
  contractPositionSchema,
  directionSchema,
  marginModeSchema,
} from '../../schemas/api/contract.schema.ts';
import { contractTrades } from '../../schemas/api/contract-book.schema.ts';
import {
  contractFills,
  contractFunding,
  contractHistory,
  contractLiquidations,
} from '../../schemas/api/contract-records.schema.ts';
import type { contractMarkets as contractBoard } from '../../schemas/api/market.schema.ts';
import { orderListSchema, orderTypeSchema } from '../../schemas/api/orders.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { pagedSchema } from '../../schemas/primitives.ts';
import { event, marketFrame, privateFrame } from '../event.ts';

const key = z.string();
const positionId = z.int();
const ordersQuery = {
  status: orderListSchema,
  page: z.int(),
  symbol: z.optional(z.string()),
};
const page = z.object({ page: z.int() });

/** One perpetual of `/market/contract`: its mark, index and coming funding round. */
export const boardRowSchema = z.object({
  symbol: z.string(),
  mark_price: z.nullable(z.string()),
  index_price: z.nullable(z.string()),
  funding_rate: z.string(),
  next_funding_time: z.string(),
});

export const contractEvents = [
  event('intent', 'contract-markets-requested', z.null()),
  event('api', 'contract-markets', contractMarkets.response),
  // The perpetuals' tickers are logged as the market lists' `markets` event; their marks and
  // funding, which that event does not carry, as this one.
  event('api', 'contract-board', z.object({ list: z.array(boardRowSchema) })),
  event('intent', 'contract-positions-requested', z.null()),
  event('api', 'contract-positions', z.object({ list: z.array(contractPositionSchema) })),
  // A page of `/contract/orders`; the private channel's frames are the `contract-orders` event.
  event('intent', 'contract-order-list-requested', z.object({ ...ordersQuery, size: z.int() })),
  event(
    'api',
    'contract-order-list',
    z.object({ ...ordersQuery, answer: pagedSchema(contractOrderSchema) }),
  ),
  event(
    'intent',
    'contract-open',
    z.object({
      symbol: z.string(),
      direction: directionSchema,
      type: orderTypeSchema,
      price: z.optional(z.string()),
      quantity: z.string(),
      leverage: z.int(),
      margin_mode: marginModeSchema,
      tp_price: z.optional(z.string()),
      sl_price: z.optional(z.string()),
      key,
    }),
  ),
  event(
    'intent',
    'contract-close',
    z.object({
      position_id: positionId,
      type: orderTypeSchema,
      price: z.optional(z.string()),
      quantity: z.optional(z.string()),
      key,
    }),
  ),
  event('intent', 'contract-cancel', z.object({ order_id: z.int(), key })),
  event('api', 'contract-order', contractOrderSchema),
  event(
    'intent',
    'contract-tpsl',
    z.object({
      position_id: positionId,
      tp_price: z.optional(z.string()),
      sl_price: z.optional(z.string()),
      quantity: z.optional(z.string()),
      key,
    }),
  ),
  event(
    'intent',
    'contract-margin',
    z.object({
      position_id: positionId,
      action: z.enum(['add', 'remove']),
      amount: z.string(),
      key,
    }),
  ),
  event('api', 'contract-position', contractPositionSchema),
  event('intent', 'contract-leverage', z.object({ symbol: z.string(), leverage: z.int(), key })),
  event('api', 'contract-leverage-set', z.object({ symbol: z.string(), leverage: z.int() })),
  event('intent', 'contract-history-requested', page),
  event('api', 'contract-history', contractHistory.response),
  event('intent', 'contract-funding-requested', page),
  event('api', 'contract-funding', contractFunding.response),
  event('intent', 'contract-fills-requested', page),
  event('api', 'contract-fills', contractFills.response),
  event('intent', 'contract-liquidations-requested', page),
  event('api', 'contract-liquidations', contractLiquidations.response),
  event('api', 'contract-recent-trades', contractTrades.response),
  event('intent', 'contract-book-resync', z.object({ symbol: z.string() })),
  event('socket', 'mark', marketFrame(channelData.mark)),
  event('socket', 'funding', marketFrame(channelData.funding)),
  event('socket', 'contract-depth', marketFrame(channelData['contract-depth'])),
  event('socket', 'contract-trades', marketFrame(channelData['contract-trades'])),
  event('socket', 'positions', privateFrame(channelData.positions)),
  event('socket', 'contract-orders', privateFrame(channelData['contract-orders'])),
] as const;

export type BoardRow = z.infer<typeof boardRowSchema>;

/** The `/market/contract` rows as the board event keeps them. */
export function boardRows(answer: z.output<(typeof contractBoard)['response']>): BoardRow[] {
  return answer.list.map(
    ({ symbol, mark_price, index_price, funding_rate, next_funding_time }) => ({
      symbol,
      mark_price,
      index_price,
      funding_rate,
      next_funding_time,
    }),
  );
}
