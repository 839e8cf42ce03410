// What each channel's frames carry, one schema per channel kind (the names and their parsing are
// in channels.ts). Kept apart from the names so that a client reading only some channels (the
// worker, until a product's page loads its domain) does not load every product's schemas.
import { z } from 'zod/mini';
import { aiOrderSchema } from './api/ai.schema.ts';
import { fundingDataSchema, markDataSchema, positionsDataSchema } from './api/contract.schema.ts';
import { contractOrdersDataSchema } from './api/contract-book.schema.ts';
import {
  candleRowSchema,
  levelSchema,
  tickerDataSchema,
  tradeRowSchema,
} from './api/market.schema.ts';
import { notificationsDataSchema } from './api/notifications.schema.ts';
import { optionsDataSchema } from './api/option.schema.ts';
import { verificationInfoSchema } from './api/security.schema.ts';
import { ordersDataSchema } from './api/spot.schema.ts';
import { subscriptionRecordSchema } from './api/subscription.schema.ts';
import { supportFrameSchema } from './api/support.schema.ts';
import {
  balancesDataSchema,
  depositsDataSchema,
  withdrawalsDataSchema,
} from './api/wallet.schema.ts';

/** `trades.*`: the trades since the previous frame, oldest first. */
export const tradesDataSchema = z.array(tradeRowSchema);

/** `kline.*.*`: the candles that changed since the previous frame (the open one, and the one just closed). */
export const klineDataSchema = z.array(candleRowSchema);

/**
 * `depth.*`: a snapshot on subscribing, then diffs. A diff applies to the book whose version is
 * `prev`; a client whose version differs missed one and subscribes again for a fresh snapshot.
 * The frame's `seq` is the book's version after the frame.
 */
export const depthDataSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  }),
  z.object({
    type: z.literal('diff'),
    prev: z.int(),
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  }),
]);
export type DepthData = z.infer<typeof depthDataSchema>;

/** What a frame of each channel kind carries. */
export const channelData = {
  /** The 24 h ticker, sent at most every ~100 ms and only when it changed. */
  ticker: tickerDataSchema,
  trades: tradesDataSchema,
  depth: depthDataSchema,
  kline: klineDataSchema,
  /** The user's orders as they change (placed, traded, cancelled). */
  orders: ordersDataSchema,
  /** The user's accounts whose balance changed, each with its newest state. */
  balances: balancesDataSchema,
  /** A perpetual's mark and index, once a second, with the coming funding round's rate and time. */
  mark: markDataSchema,
  /** A perpetual's funding round as it is paid (on subscribing: the last one paid). */
  funding: fundingDataSchema,
  /** A perpetual's own book, as `depth`: a snapshot on subscribing, then diffs. */
  'contract-depth': depthDataSchema,
  /** A perpetual's own trades since the previous frame, oldest first. */
  'contract-trades': tradesDataSchema,
  /** The candles of a perpetual's own trades that changed since the previous frame, as `kline`. */
  'perpetual-kline': klineDataSchema,
  /** The user's perpetual positions that changed: open ones at the latest mark, closed ones once. */
  positions: positionsDataSchema,
  /** The user's contract orders that changed (placed, traded, cancelled), as they now stand. */
  'contract-orders': contractOrdersDataSchema,
  /** The user's second contracts as they are placed and settled. */
  options: optionsDataSchema,
  /** The user's pre-sale records whose tokens were just distributed, as they now stand. */
  'subscription-updates': z.array(subscriptionRecordSchema),
  /** The user's AI orders that just matured, as they now stand. */
  'ai-order-updates': z.array(aiOrderSchema),
  /** New messages of the user's support conversation. */
  support: supportFrameSchema,
  /** The user's deposits as they are recorded, confirm, are credited or are dropped. */
  deposits: depositsDataSchema,
  /** The user's withdrawals as an operator approves or rejects them and as they go on chain. */
  withdrawals: withdrawalsDataSchema,
  /** The user's identity verification once an operator approves or rejects it. */
  kyc: verificationInfoSchema,
  /** The user's notifications as they are recorded or marked read, with the unread count. */
  notifications: notificationsDataSchema,
} as const;

/** A channel's kind: what its name starts with. */
export type ChannelKind = keyof typeof channelData;
