// The market socket's channels in one place (design.md §6): how each is named and which are a
// user's own; what their frames carry is in channel-data.ts. Both sides build and read channel
// names only through here.
import { z } from 'zod/mini';
import { type KlinePeriod, klinePeriods } from './api/market.schema.ts';

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
  'deposits',
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
