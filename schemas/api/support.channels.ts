// The support conversation's socket channel, by name only. Collected in
// schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const supportChannels = {
  symbol: [],
  /** New messages of the user's conversation. */
  private: ['support'],
} as const satisfies DomainChannels;
