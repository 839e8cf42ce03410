// The AI products' socket channels, by name only: a user's orders as they mature. Collected in
// schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const aiChannels = {
  symbol: [],
  /** The user's orders that matured, as they now stand. */
  private: ['ai-order-updates'],
} as const satisfies DomainChannels;
