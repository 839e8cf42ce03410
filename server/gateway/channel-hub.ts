// Who listens to which channel, and the one place a data frame is built: serialised once per
// channel and tick, then the same bytes go to every subscriber.

export interface Peer {
  /** Sends an encoded frame; a peer that cannot keep up disconnects itself. */
  deliver(frame: Buffer): void;
}

/** A peer that keeps its own subscriptions: a socket client, of the app's socket or another. */
export interface Subscriber extends Peer {
  readonly channels: ReadonlySet<string>;
}

export class ChannelHub {
  readonly #subscribers = new Map<string, Set<Peer>>();
  readonly #seq = new Map<string, number>();

  has(channel: string): boolean {
    return (this.#subscribers.get(channel)?.size ?? 0) > 0;
  }

  add(channel: string, peer: Peer): void {
    let peers = this.#subscribers.get(channel);
    if (!peers) {
      peers = new Set();
      this.#subscribers.set(channel, peers);
    }
    peers.add(peer);
  }

  remove(channel: string, peer: Peer): void {
    const peers = this.#subscribers.get(channel);
    if (!peers) return;
    peers.delete(peer);
    if (peers.size === 0) this.#subscribers.delete(channel);
  }

  /** The channels (and private keys) someone listens to now. */
  channels(): IterableIterator<string> {
    return this.#subscribers.keys();
  }

  /** Subscriptions across all peers. */
  get size(): number {
    let total = 0;
    for (const peers of this.#subscribers.values()) total += peers.size;
    return total;
  }

  /** Sends `data` on `channel` to every subscriber; `seq` defaults to the channel's next number. */
  publish(channel: string, data: unknown, ts: number, seq?: number): void {
    this.publishTo(channel, channel, data, ts, seq);
  }

  /**
   * Sends `data` to the subscribers of `key`, framed as `channel`: one user's private channel
   * (`orders#42`) goes out named as the channel the client subscribed to (`orders`).
   */
  publishTo(key: string, channel: string, data: unknown, ts: number, seq?: number): void {
    const peers = this.#subscribers.get(key);
    if (!peers || peers.size === 0) return;
    const next = seq ?? (this.#seq.get(key) ?? 0) + 1;
    this.#seq.set(key, next);
    this.fanOut(peers, channel, next, ts, data);
  }

  /**
   * Serialises the frame once and hands the same bytes to every peer. Protected so the fan-out
   * benchmark can measure a per-subscriber serialisation against it with the rest of the hub equal.
   */
  protected fanOut(
    peers: ReadonlySet<Peer>,
    channel: string,
    seq: number,
    ts: number,
    data: unknown,
  ): void {
    const frame = encodeFrame(channel, seq, ts, data);
    for (const peer of peers) peer.deliver(frame);
  }

  /** Hands an already encoded frame to every subscriber of `key`: one relayed from another node. */
  deliverEncoded(key: string, frame: Buffer): void {
    const peers = this.#subscribers.get(key);
    if (!peers) return;
    for (const peer of peers) peer.deliver(frame);
  }

  /** The last sequence number sent on a channel. */
  seqOf(channel: string): number {
    return this.#seq.get(channel) ?? 0;
  }
}

export function encodeFrame(channel: string, seq: number, ts: number, data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ channel, seq, ts, data }));
}
