// What the gateway carries, handed to it by the parts of the server that make it: public channels
// (with what a new subscriber gets at once) and users' own frames. The gateway knows no product.
import type { PrivateChannel } from '../../schemas/channels.ts';
import type { ChannelHub } from './channel-hub.ts';

export interface PublicStream {
  /** Whether it feeds `channel`; a subscription to a channel no stream feeds is refused. */
  serves(channel: string): boolean;
  /** The frame a new subscriber of `channel` gets at once (a snapshot, the current value), if any. */
  greeting(channel: string, now: number, hub: ChannelHub): Buffer | null;
  /**
   * Starts publishing into the hub; `burst` runs one tick's publication so that each connection
   * writes it at once. Answers the function that stops it.
   */
  start(hub: ChannelHub, burst: (publish: () => void) => void): () => void;
  /**
   * The lease whose node publishes `channel` where nodes share the work (a perpetual market's,
   * when markets are spread over the nodes); absent or undefined, the engines' node's.
   */
  leaseOf?(channel: string): string | undefined;
}

/** Sends a frame on one user's copy of a private channel. */
export type PrivateSend = (
  userId: number,
  channel: PrivateChannel,
  data: unknown,
  ts: number,
) => void;

export interface PrivateStream {
  /** Starts sending users' frames as they happen; answers the function that stops it. */
  start(send: PrivateSend): () => void;
}

/**
 * A private stream for a writer that tells of its own changes: `send` passes a user's frame to
 * the gateway while it listens, and drops it before (a frame is news, not a record: what was
 * missed is read back with the calls).
 */
export function userFrames(): { stream: PrivateStream; send: PrivateSend } {
  let listener: PrivateSend | undefined;
  return {
    stream: {
      start(sender) {
        listener = sender;
        return () => {
          listener = undefined;
        };
      },
    },
    send: (userId, channel, data, ts) => listener?.(userId, channel, data, ts),
  };
}
