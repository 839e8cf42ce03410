// Revoked sessions over the bus: whichever node ended a session, every node drops it from its cache
// and its gateway ends the private channels of the sockets opened with it, at once.
import type { Bus } from '../bus/bus.ts';
import type { SessionRevocations } from '../gateway/revocations.ts';
import { sha256Hex } from './secrets.ts';
import { forgetSessions, onSessionsRevoked } from './sessions.ts';

export const revokedSessionsSubject = 'sessions.revoked';

function tokenHashesIn(message: unknown): string[] {
  return Array.isArray(message) ? message.filter((hash) => typeof hash === 'string') : [];
}

/** For the gateway: what this process revokes goes out on the bus, and what any node revoked comes back. */
export function sessionRevocationsOver(bus: Bus): SessionRevocations {
  return {
    hash: sha256Hex,
    start(end) {
      const unsubscribe = bus.subscribe(revokedSessionsSubject, (message) => {
        const tokenHashes = tokenHashesIn(message);
        forgetSessions(tokenHashes);
        end(tokenHashes);
      });
      const unlisten = onSessionsRevoked((tokenHashes) =>
        bus.publish(revokedSessionsSubject, [...tokenHashes]),
      );
      return () => {
        unlisten();
        unsubscribe();
      };
    },
  };
}
