// The notification centre's socket channel, by name only. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const notificationsChannels = {
  symbol: [],
  /** The user's events as they are recorded or marked read, with the unread count. */
  private: ['notifications'],
} as const satisfies DomainChannels;
