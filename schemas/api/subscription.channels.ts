// The pre-sales' socket channels, by name only: a user's records as their tokens are distributed.
// Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const subscriptionChannels = {
  symbol: [],
  /** The user's records whose tokens were credited and unused USDT released, as they now stand. */
  private: ['subscription-updates'],
} as const satisfies DomainChannels;
