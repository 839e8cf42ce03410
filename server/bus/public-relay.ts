// Public channels across nodes. Each channel is published by the node holding its lease: the
// engines' node for most, a perpetual market's node for that market's channels where the markets
// are spread over the nodes. A socket on another node hears them through this relay. A node whose
// clients want a channel says so on the bus every few seconds; the channel's node then publishes
// its frames, as encoded for its own sockets, to the bus; the other node hands the same bytes to
// its clients, sequence numbers and all. A new subscriber's greeting (a snapshot, the current
// value) comes from the channel's node too, on its lease's subject, with the frames that followed
// it, so a client sees one sequence whichever node it is on. When a lease moves, the new node's
// numbers start where its rebuilt books are: a client sees a gap and resyncs from a snapshot, as
// it does after any gap.

import { z } from 'zod';
import type { ChannelHub, Peer, Subscriber } from '../gateway/channel-hub.ts';
import type { PublicStream } from '../gateway/streams.ts';
import type { Bus } from './bus.ts';
import { ask, listen, serveParsed } from './bus-messages.ts';

const interestSubject = 'pub.interest';
const greetSubject = (lease: string) => `pub.greet.${lease}`;
const frameSubject = (channel: string) => `pub.frame.${channel}`;
/** How often a node says which channels it relays, and checks which leases it holds. */
const interestEveryMs = 1_000;
/** A channel nobody has asked for this long stops being published to the bus. */
const interestLastsMs = 10_000;
/** Frames kept per relayed channel, to follow a greeting that was on its way meanwhile. */
const keptFrames = 256;
const greetTimeoutMs = 5_000;
/** Times a joining subscriber's greeting is asked for before it joins without one. */
const greetAttempts = 3;

interface Relayed {
  stop(): void;
  /** Subscribers waiting for their greeting: not in the hub yet, but the channel is wanted. */
  joining: number;
  /** The latest frames with their sequence numbers, oldest first. */
  recent: { seq: number; frame: Buffer }[];
}

/** A node's channels it relays: the engines' node publishes them while asked. */
const interest = z.object({ node: z.string(), channels: z.array(z.string()) });
/** A joining subscriber's channel, and what the engines' node greets it with (a frame, or none). */
const greetRequest = z.object({ channel: z.string() });
const greeting = z.object({ frame: z.string().nullable() });
type Greeting = z.infer<typeof greeting>;
/**
 * A frame of `channel` as the engines' node encoded it for its own sockets (`encodeFrame`): it goes
 * to clients as it is, so its head and numbering are checked, cheaply, on every frame. Its data is
 * the engines' node's own.
 */
const relayedFrame = (channel: string) => {
  const head = `{"channel":${JSON.stringify(channel)},"seq":`;
  return z
    .string()
    .refine((frame) => frame.startsWith(head) && frame.endsWith('}') && seqOf(frame) >= 0);
};

export interface PublicRelayOptions {
  bus: Bus;
  nodeId: string;
  streams: readonly PublicStream[];
  /** The lease whose node publishes `channel`. */
  leaseOf(channel: string): string;
  /** The leases this node holds now, and so publishes the channels of. */
  held(): readonly string[];
  now(): number;
  log: { warn(details: object, message: string): void };
}

/** A frame's sequence number, read from its encoding (`{"channel":…,"seq":N,…`). */
function seqOf(frame: Buffer | string): number {
  const head = (typeof frame === 'string' ? frame : frame.toString('utf8', 0, 200)).slice(0, 200);
  const match = /"seq":(\d+)/.exec(head);
  return match ? Number(match[1]) : -1;
}

export class PublicRelay {
  readonly #options: PublicRelayOptions;
  #hub: ChannelHub | undefined;
  /** This node relays these channels from the nodes publishing them. */
  readonly #relayed = new Map<string, Relayed>();
  /** Channels of leases held here that other nodes asked for, until when, and the peer publishing each. */
  readonly #wanted = new Map<string, { until: number; peer: Peer }>();
  /** The leases held at the last look, each with the function that stops greeting for it. */
  readonly #serving = new Map<string, () => void>();
  #stopInterest: (() => void) | undefined;
  /** Greetings to ask for again, stopped with the relay. */
  readonly #retries = new Set<NodeJS.Timeout>();
  #timer: NodeJS.Timeout | undefined;
  /** Frames from the bus not yet handed on, and how the gateway writes a burst of them. */
  #arrived: { channel: string; recent: Relayed['recent']; frame: Buffer }[] = [];
  #burst: (deliver: () => void) => void = (deliver) => deliver();

  constructor(options: PublicRelayOptions) {
    this.#options = options;
  }

  /** Whether a subscription to `channel` is served here by relaying (its lease is another node's). */
  relays(channel: string): boolean {
    return !this.#serving.has(this.#options.leaseOf(channel));
  }

  /**
   * `burst` writes what its callback delivers in one write per client, as the gateway writes a
   * tick's frames.
   */
  start(hub: ChannelHub, burst?: (deliver: () => void) => void): void {
    this.#hub = hub;
    if (burst) this.#burst = burst;
    const { bus, log } = this.#options;
    this.#stopInterest = listen(bus, interestSubject, interest, log, (message) => {
      for (const channel of message.channels) {
        if (this.#serving.has(this.#options.leaseOf(channel))) this.#want(channel);
      }
    });
    this.#sync();
    this.#timer = setInterval(() => this.#sync(), interestEveryMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    for (const retry of this.#retries) clearTimeout(retry);
    this.#retries.clear();
    this.#stopInterest?.();
    for (const stopGreeting of this.#serving.values()) stopGreeting();
    this.#serving.clear();
    for (const [channel, wanted] of this.#wanted) this.#hub?.remove(channel, wanted.peer);
    this.#wanted.clear();
    for (const relayed of this.#relayed.values()) relayed.stop();
    this.#relayed.clear();
  }

  /**
   * A client of this node subscribes to `channel`: relayed from the channel's node, its greeting
   * first, then what followed it, then it joins the hub like any subscriber.
   */
  join(connection: Subscriber, channel: string): void {
    const hub = this.#hub;
    if (!hub) return;
    const relayed = this.#relay(channel);
    relayed.joining++;
    this.#greetJoining(connection, channel, relayed, hub, 1);
  }

  /**
   * Asks the channel's node for the greeting. A lease that has just moved (markets placed on a node
   * that joined, a node that stopped) is served by its new node within a sync or two: the greeting
   * is asked for again then, `greetAttempts` times in all, before the client joins without it.
   */
  #greetJoining(
    connection: Subscriber,
    channel: string,
    relayed: Relayed,
    hub: ChannelHub,
    attempt: number,
  ): void {
    const subject = greetSubject(this.#options.leaseOf(channel));
    ask(this.#options.bus, subject, { channel }, greeting, greetTimeoutMs).then(
      (answer) =>
        this.#whenHandedOn(() => {
          relayed.joining--;
          if (!connection.channels.has(channel)) return;
          const frame = answer.frame;
          if (frame !== null) {
            connection.deliver(Buffer.from(frame));
            const after = seqOf(frame);
            for (const kept of relayed.recent) if (kept.seq > after) connection.deliver(kept.frame);
          }
          hub.add(channel, connection);
        }),
      (error: unknown) => {
        if (attempt < greetAttempts && connection.channels.has(channel)) {
          const retry = setTimeout(() => {
            this.#retries.delete(retry);
            this.#greetJoining(connection, channel, relayed, hub, attempt + 1);
          }, interestEveryMs);
          retry.unref();
          this.#retries.add(retry);
          return;
        }
        relayed.joining--;
        // Nobody holds the channel's lease this moment: the client hears frames once a node does,
        // and resyncs.
        this.#options.log.warn({ err: error, channel }, 'no greeting for a relayed channel');
        if (connection.channels.has(channel)) hub.add(channel, connection);
      },
    );
  }

  #relay(channel: string): Relayed {
    const known = this.#relayed.get(channel);
    if (known) return known;
    const recent: Relayed['recent'] = [];
    const { bus, log } = this.#options;
    const unsubscribe = listen(bus, frameSubject(channel), relayedFrame(channel), log, (frame) => {
      this.#handOn(channel, recent, Buffer.from(frame));
    });
    const relayed = { stop: unsubscribe, recent, joining: 0 };
    this.#relayed.set(channel, relayed);
    this.#announce([channel]);
    return relayed;
  }

  /**
   * The engines' node publishes a tick's frames together, and they arrive together: handed on
   * together, after the ones in hand, each client gets them in one write, not one write a frame.
   * A frame joins `recent` as it is handed on, so `recent` holds exactly what the hub has sent.
   */
  #handOn(channel: string, recent: Relayed['recent'], frame: Buffer): void {
    this.#arrived.push({ channel, recent, frame });
    if (this.#arrived.length > 1) return;
    setImmediate(() => {
      const arrived = this.#arrived;
      this.#arrived = [];
      this.#burst(() => {
        for (const { channel, recent, frame } of arrived) {
          recent.push({ seq: seqOf(frame), frame });
          if (recent.length > keptFrames) recent.shift();
          this.#hub?.deliverEncoded(channel, frame);
        }
      });
    });
  }

  /**
   * Runs `then` once every frame that arrived has been handed on: a subscriber joining then gets
   * from `recent` what followed its greeting, and from the hub only what comes after.
   */
  #whenHandedOn(then: () => void): void {
    if (this.#arrived.length === 0) then();
    else setImmediate(() => this.#whenHandedOn(then));
  }

  /**
   * Once a second: greet for the leases now held here and no longer for the others, publish only
   * the wanted channels of held leases, relay what local clients still want of the others, and say
   * what is wanted.
   */
  #sync(): void {
    const hub = this.#hub;
    if (!hub) return;
    const { bus, log, leaseOf } = this.#options;
    const held = new Set(this.#options.held());
    for (const [lease, stopGreeting] of this.#serving) {
      if (held.has(lease)) continue;
      stopGreeting();
      this.#serving.delete(lease);
    }
    for (const lease of held) {
      if (this.#serving.has(lease)) continue;
      this.#serving.set(
        lease,
        serveParsed(bus, greetSubject(lease), greetRequest, log, async ({ channel }) =>
          this.#greet(channel),
        ),
      );
    }
    const now = Date.now();
    for (const [channel, wanted] of this.#wanted) {
      if (wanted.until >= now && held.has(leaseOf(channel))) continue;
      hub.remove(channel, wanted.peer);
      this.#wanted.delete(channel);
    }
    for (const [channel, relayed] of this.#relayed) {
      // Its lease came here: its own streams publish it now. Or no client here wants it.
      if (!held.has(leaseOf(channel)) && (hub.has(channel) || relayed.joining > 0)) continue;
      relayed.stop();
      this.#relayed.delete(channel);
    }
    // A lease gone from here: what local clients still want of it is relayed from its new node.
    for (const channel of hub.channels()) {
      if (this.#relayed.has(channel) || !this.#isPublic(channel)) continue;
      if (!held.has(leaseOf(channel))) this.#relay(channel);
    }
    if (this.#relayed.size > 0) this.#announce([...this.#relayed.keys()]);
  }

  #isPublic(channel: string): boolean {
    return this.#options.streams.some((stream) => stream.serves(channel));
  }

  #greet(channel: string): Greeting {
    if (!this.#serving.has(this.#options.leaseOf(channel))) return { frame: null };
    this.#want(channel);
    const stream = this.#options.streams.find((candidate) => candidate.serves(channel));
    const hub = this.#hub;
    const frame = stream && hub ? stream.greeting(channel, this.#options.now(), hub) : null;
    return { frame: frame ? frame.toString('utf8') : null };
  }

  #announce(channels: readonly string[]): void {
    this.#options.bus.publish(interestSubject, { node: this.#options.nodeId, channels });
  }

  /** On the channel's node: publishes `channel` to the bus for a while (as long as it is asked for). */
  #want(channel: string): void {
    const hub = this.#hub;
    if (!hub || !this.#options.streams.some((stream) => stream.serves(channel))) return;
    const until = Date.now() + interestLastsMs;
    const known = this.#wanted.get(channel);
    if (known) {
      known.until = until;
      return;
    }
    const subject = frameSubject(channel);
    const peer: Peer = {
      deliver: (frame) => this.#options.bus.publish(subject, frame.toString('utf8')),
    };
    hub.add(channel, peer);
    this.#wanted.set(channel, { until, peer });
  }
}
