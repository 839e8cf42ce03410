// Public channels across nodes. The node that runs the engines is the only one whose books,
// trades and prices move; a socket on another node hears them through this relay. A node whose
// clients want a channel says so on the bus every few seconds; the engines' node then publishes
// that channel's frames, as encoded for its own sockets, to the bus; the other node hands the
// same bytes to its clients, sequence numbers and all. A new subscriber's greeting (a snapshot,
// the current value) comes from the engines' node too, with the frames that followed it, so a
// client sees one sequence whichever node it is on. When the engines move, the new node's
// numbers start where its rebuilt books are: a client sees a gap and resyncs from a snapshot, as
// it does after any gap.

import { z } from 'zod';
import type { ChannelHub, Peer } from '../gateway/channel-hub.ts';
import type { Connection } from '../gateway/connection.ts';
import type { PublicStream } from '../gateway/streams.ts';
import type { Bus } from './bus.ts';
import { ask, listen, serveParsed } from './bus-messages.ts';

const interestSubject = 'pub.interest';
const greetSubject = 'pub.greet';
const frameSubject = (channel: string) => `pub.frame.${channel}`;
/** How often a node says which channels it relays, and checks whether it runs the engines. */
const interestEveryMs = 1_000;
/** A channel nobody has asked for this long stops being published to the bus. */
const interestLastsMs = 10_000;
/** Frames kept per relayed channel, to follow a greeting that was on its way meanwhile. */
const keptFrames = 256;
const greetTimeoutMs = 5_000;

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
  /** Whether this node runs the engines now. */
  isOwner(): boolean;
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
  /** This node relays these channels from the engines' node. */
  readonly #relayed = new Map<string, Relayed>();
  /** On the engines' node: channels other nodes asked for, until when, and the peer publishing each. */
  readonly #wanted = new Map<string, { until: number; peer: Peer }>();
  #owner = false;
  #stopOwner: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Frames from the bus not yet handed on, and how the gateway writes a burst of them. */
  #arrived: { channel: string; recent: Relayed['recent']; frame: Buffer }[] = [];
  #burst: (deliver: () => void) => void = (deliver) => deliver();

  constructor(options: PublicRelayOptions) {
    this.#options = options;
  }

  /** Whether a subscription is served here by relaying (this node does not run the engines). */
  relays(): boolean {
    return !this.#owner;
  }

  /**
   * `burst` writes what its callback delivers in one write per client, as the gateway writes a
   * tick's frames.
   */
  start(hub: ChannelHub, burst?: (deliver: () => void) => void): void {
    this.#hub = hub;
    if (burst) this.#burst = burst;
    this.#sync();
    this.#timer = setInterval(() => this.#sync(), interestEveryMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#becomeRelay(false);
    for (const relayed of this.#relayed.values()) relayed.stop();
    this.#relayed.clear();
  }

  /**
   * A client of this node subscribes to `channel`: relayed from the engines' node, its greeting
   * first, then what followed it, then it joins the hub like any subscriber.
   */
  join(connection: Connection, channel: string): void {
    const hub = this.#hub;
    if (!hub) return;
    const relayed = this.#relay(channel);
    relayed.joining++;
    ask(this.#options.bus, greetSubject, { channel }, greeting, greetTimeoutMs).then(
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
        relayed.joining--;
        // No engines' node this moment: the client hears frames once one answers, and resyncs.
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

  /** Once a second: take up or give up the engines' side, forget unwanted channels, say what is wanted. */
  #sync(): void {
    const owner = this.#options.isOwner();
    if (owner !== this.#owner) this.#becomeRelay(!owner);
    const hub = this.#hub;
    if (!hub) return;
    if (this.#owner) {
      const now = Date.now();
      for (const [channel, wanted] of this.#wanted) {
        if (wanted.until >= now) continue;
        hub.remove(channel, wanted.peer);
        this.#wanted.delete(channel);
      }
      return;
    }
    for (const [channel, relayed] of this.#relayed) {
      if (hub.has(channel) || relayed.joining > 0) continue;
      relayed.stop();
      this.#relayed.delete(channel);
    }
    if (this.#relayed.size > 0) this.#announce([...this.#relayed.keys()]);
  }

  #announce(channels: readonly string[]): void {
    this.#options.bus.publish(interestSubject, { node: this.#options.nodeId, channels });
  }

  /** Switches between relaying (another node runs the engines) and serving other nodes. */
  #becomeRelay(relay: boolean): void {
    for (const stop of this.#stopOwner) stop();
    this.#stopOwner = [];
    for (const [channel, wanted] of this.#wanted) this.#hub?.remove(channel, wanted.peer);
    this.#wanted.clear();
    this.#owner = !relay;
    if (relay) return;
    // The engines are here now: what this node relayed, its own streams publish.
    for (const relayed of this.#relayed.values()) relayed.stop();
    this.#relayed.clear();
    const { bus, log } = this.#options;
    this.#stopOwner.push(
      listen(bus, interestSubject, interest, log, (message) => {
        for (const channel of message.channels) this.#want(channel);
      }),
      serveParsed(bus, greetSubject, greetRequest, log, async ({ channel }) => {
        this.#want(channel);
        const stream = this.#options.streams.find((candidate) => candidate.serves(channel));
        const hub = this.#hub;
        const frame = stream && hub ? stream.greeting(channel, this.#options.now(), hub) : null;
        return { frame: frame ? frame.toString('utf8') : null } satisfies Greeting;
      }),
    );
  }

  /** On the engines' node: publishes `channel` to the bus for a while (as long as it is asked for). */
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
