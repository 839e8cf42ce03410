// The wallet's socket channels, by name only. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const walletChannels = {
  symbol: [],
  /** The user's changed balances, and deposits as they are recorded and confirm. */
  private: ['balances', 'deposits'],
} as const satisfies DomainChannels;
