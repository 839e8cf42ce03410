// Revoked sessions over the bus: whichever node ended a session, every node drops it from its cache
// and its gateway ends the private channels of the sockets opened with it, at once.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { SessionRevocations } from '../gateway/revocations.ts';
import { sha256Hex } from './secrets.ts';
import { forgetSessions, onSessionsRevoked } from './sessions.ts';

export const revokedSessionsSubject = 'sessions.revoked';

/** The hashes of the tokens of the sessions ended. */
const revokedSessions = z.array(z.string());

/** For the gateway: what this process revokes goes out on the bus, and what any node revoked comes back. */
export function sessionRevocationsOver(bus: Bus, log: BusLog): SessionRevocations {
  return {
    hash: sha256Hex,
    start(end) {
      const unsubscribe = listen(
        bus,
        revokedSessionsSubject,
        revokedSessions,
        log,
        (tokenHashes) => {
          forgetSessions(tokenHashes);
          end(tokenHashes);
        },
      );
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
