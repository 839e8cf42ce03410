// The spot market's socket channels, by name only; its public ones are the market's (ticker,
// trades, depth and kline, in schemas/channels.ts). Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const spotChannels = {
  symbol: [],
  /** The user's spot orders as they change. */
  private: ['orders'],
} as const satisfies DomainChannels;
