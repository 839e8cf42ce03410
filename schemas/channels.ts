// The market socket's channels in one place (design.md §6): how each is named, what its frames
// carry, and which are a user's own. Both sides build and read channel names only through here.
import { z } from 'zod/mini';
import { fundingDataSchema, markDataSchema, positionsDataSchema } from './api/contract.schema.ts';
import { contractOrdersDataSchema } from './api/contract-book.schema.ts';
import {
  candleRowSchema,
  type KlinePeriod,
  klinePeriods,
  levelSchema,
  tickerDataSchema,
  tradeRowSchema,
} from './api/market.schema.ts';
import { optionsDataSchema } from './api/option.schema.ts';
import { ordersDataSchema } from './api/spot.schema.ts';
import { supportFrameSchema } from './api/support.schema.ts';
import { balancesDataSchema } from './api/wallet.schema.ts';

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
  /** The user's perpetual positions that changed: open ones at the latest mark, closed ones once. */
  positions: positionsDataSchema,
  /** The user's contract orders that changed (placed, traded, cancelled), as they now stand. */
  'contract-orders': contractOrdersDataSchema,
  /** The user's second contracts as they are placed and settled. */
  options: optionsDataSchema,
  /** New messages of the user's support conversation. */
  support: supportFrameSchema,
} as const;

/** Channels of one market, named `<kind>.<SYMBOL>`. */
export const marketChannelKinds = ['ticker', 'trades', 'depth'] as const;
export type MarketChannelKind = (typeof marketChannelKinds)[number];

/** Channels of one perpetual, named `<kind>.<SYMBOL>`. */
export const contractChannelKinds = [
  'mark',
  'funding',
  'contract-depth',
  'contract-trades',
] as const;
export type ContractChannelKind = (typeof contractChannelKinds)[number];

/** A logged-in user's own channels, subscribed after an `auth` frame. */
export const privateChannels = [
  'orders',
  'balances',
  'positions',
  'contract-orders',
  'options',
  'support',
] as const;
export type PrivateChannel = (typeof privateChannels)[number];

/** A channel's name taken apart. */
export type ChannelAddress =
  | { kind: MarketChannelKind | ContractChannelKind; symbol: string }
  | { kind: 'kline'; symbol: string; period: KlinePeriod }
  | { kind: PrivateChannel };

/** Channel names, built: `ticker.BTCUSDT`, `kline.BTCUSDT.1m`. */
export const channelName = {
  ticker: (symbol: string) => `ticker.${symbol}`,
  trades: (symbol: string) => `trades.${symbol}`,
  depth: (symbol: string) => `depth.${symbol}`,
  mark: (symbol: string) => `mark.${symbol}`,
  funding: (symbol: string) => `funding.${symbol}`,
  contractDepth: (symbol: string) => `contract-depth.${symbol}`,
  contractTrades: (symbol: string) => `contract-trades.${symbol}`,
  kline: (symbol: string, period: KlinePeriod) => `kline.${symbol}.${period}`,
};

const symbolPattern = /^[A-Z0-9]{2,12}USDT$/;

export function isPrivateChannel(name: string): name is PrivateChannel {
  return (privateChannels as readonly string[]).includes(name);
}

/** A channel name taken apart, or null when it names no channel. */
export function parseChannel(name: string): ChannelAddress | null {
  if (isPrivateChannel(name)) return { kind: name };
  const [kind, symbol, period, ...rest] = name.split('.');
  if (symbol === undefined || !symbolPattern.test(symbol) || rest.length > 0) return null;
  if (kind === 'kline') {
    const known = klinePeriods.find((candidate) => candidate === period);
    return known ? { kind, symbol, period: known } : null;
  }
  const symbolKind = [...marketChannelKinds, ...contractChannelKinds].find(
    (candidate) => candidate === kind,
  );
  return symbolKind && period === undefined ? { kind: symbolKind, symbol } : null;
}

/** A channel name as a client may send it: public of a well-formed symbol, or private. */
export const channelSchema = z.string().check(
  z.maxLength(40),
  z.refine((name) => parseChannel(name) !== null, { error: 'not a channel' }),
);
