// The second contracts' socket channels, by name only: they price on the market's ticker, so
// they add only the user's own. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const optionChannels = {
  symbol: [],
  /** The user's second contracts as they are placed and settled. */
  private: ['options'],
} as const satisfies DomainChannels;
