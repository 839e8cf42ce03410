// Sessions ended anywhere (a logout, a revocation from the security center, a password change):
// the gateway ends the private channels of its connections opened with them at once, rather than
// at the next heartbeat's check.

export interface SessionRevocations {
  /** The digest sessions are stored under, to match a connection's token against. */
  hash(token: string): string;
  /** Calls `end` with the token hashes of sessions ended on any node; answers the unsubscribe. */
  start(end: (tokenHashes: readonly string[]) => void): () => void;
}
