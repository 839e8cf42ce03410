// What one socket connection may cost the server: bounded input, bounded subscriptions, bounded
// output buffer, and a heartbeat that finds dead peers.
import { maxChannelsPerConnection } from '../../schemas/socket.schema.ts';

export interface GatewayLimits {
  /** Largest client frame answered with an error frame; beyond `hardFrameBytes` the socket closes. */
  frameBytes: number;
  hardFrameBytes: number;
  maxChannels: number;
  /** Client frames per second on average, with bursts up to `burst`. */
  messagesPerSecond: number;
  burst: number;
  /** Refused frames a connection may send before it is closed. */
  refusalsBeforeClose: number;
  /** Output a connection may have waiting before it counts as too slow and is dropped. */
  bufferedBytes: number;
  /** The server's `pong` heartbeat; a connection silent for `idleMs` is dropped. */
  heartbeatMs: number;
  idleMs: number;
  /** Connections the gateway holds at once. */
  maxConnections: number;
  /** Connections it holds at once from one client address (`WS_CONNECTIONS_PER_ADDRESS`). */
  connectionsPerAddress: number;
}

export const defaultGatewayLimits: GatewayLimits = {
  frameBytes: 4096,
  hardFrameBytes: 65_536,
  maxChannels: maxChannelsPerConnection,
  messagesPerSecond: 10,
  burst: 30,
  refusalsBeforeClose: 50,
  bufferedBytes: 1024 * 1024,
  heartbeatMs: 15_000,
  idleMs: 45_000,
  maxConnections: 20_000,
  connectionsPerAddress: 20,
};
