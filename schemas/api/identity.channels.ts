// Identity verification's socket channel, by name only. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const identityChannels = {
  symbol: [],
  /** The user's verification as it now stands, sent when an operator decides on it. */
  private: ['kyc'],
} as const satisfies DomainChannels;
