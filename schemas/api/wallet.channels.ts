// The wallet's socket channels, by name only. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const walletChannels = {
  symbol: [],
  /**
   * The user's changed balances, deposits as they are recorded and confirm, and withdrawals as
   * they are reviewed and go on chain.
   */
  private: ['balances', 'deposits', 'withdrawals'],
} as const satisfies DomainChannels;
