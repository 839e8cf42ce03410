// Whether the app can reach the market, from two signals: the browser's own online flag, and the
// worker's market socket (the one owner of the connection; this only reads its state).

export type Connectivity = 'online' | 'no-network' | 'unreachable';

/**
 * A closed socket is reported only after this long: the socket retries 3 s after a close
 * (`core/socket-policy.ts`), so a blip healed by the first retry, or the first connect of a page,
 * never flashes the banner.
 */
export const unreachableAfterMs = 5000;

export function connectivityOf(signals: {
  browserOnline: boolean;
  socketOpen: boolean;
  /** The socket has been closed for at least `unreachableAfterMs`. */
  socketDownLong: boolean;
}): Connectivity {
  if (!signals.browserOnline) return 'no-network';
  if (!signals.socketOpen && signals.socketDownLong) return 'unreachable';
  return 'online';
}
