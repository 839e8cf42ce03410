// The door's user data streams over WebSocket (docs/api-binance.md § "User data streams"): a
// client connects to `/ws/<listenKey>` (or `/private/ws?listenKey=…`, the path ccxt uses for
// perpetuals) and receives its user's events of the key's family as Binance words them, from
// whichever node's writer made them. Each stream is checked again at least once a minute: one
// whose key expired hears `listenKeyExpired` and is closed; one whose key was closed or whose API
// key was deleted is closed; every stream is closed after 24 hours, as on Binance. The WebSocket
// API's subscriptions (ws-api.ts) receive the same events through `attach`, framed their own way,
// and are announced to the writers with these streams.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { Db } from '../db/database.ts';
import { sendBinanceError } from './binance-router.ts';
import { doorErrors } from './errors.ts';
import { resolveListenKey, type StreamFamily } from './listen-keys.ts';
import {
  type DoorUserEvent,
  doorUserEvent,
  userEventSubject,
  watchAnnounceMs,
  type watchingAnnouncement,
  watchingSubject,
} from './user-events.ts';
import { type WeightLimiter, weightRefusal } from './weights.ts';

/** Published when a listen key is closed, so its streams on every node close at once. */
export const closedKeySubject = 'door.user.closed';
const closedKey = z.object({ listenKey: z.string().length(64) });

/** How often an open stream's key is read again (a closed key or deleted API key ends it). */
const recheckMs = 60_000;
/** Binance closes a stream after a day; the client reconnects. */
const lifetimeMs = 24 * 60 * 60_000;
/** Streams one user may hold on a node: enough for every bot of theirs, bounded for memory. */
export const streamsPerUser = 10;
/** A client whose unsent events pass this is too slow to keep up, and is dropped. */
const maxBufferedBytes = 1 << 20;
/** The server pings; a client that has not answered the previous ping by the next is gone. */
const pingEveryMs = 3 * 60_000;
const listenKeyFormat = /^[A-Za-z0-9]{64}$/;

/** Whether `/ws/<name>` names a listen key (a user stream) rather than a market stream. */
export const isListenKey = (name: string): boolean => listenKeyFormat.test(name);

/** A stream path's options: its own admission (the door's weights), no app rate limit. */
export const streamRoute = (
  admit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) => ({ websocket: true, config: { rateLimit: false }, preValidation: admit }) as const;

/** A connection whose listen key was found open, before its upgrade. */
interface Admitted {
  listenKey: string;
  userId: number;
  family: StreamFamily;
  expiresAt: number;
}

interface Stream extends Admitted {
  socket: WebSocket;
  openedAt: number;
  answeredPing: boolean;
  timer: TimerHandle;
}

/** A subscriber of a user's events besides a listen key's stream (ws-api.ts): its own framing. */
export interface UserEventSink {
  readonly userId: number;
  readonly family: StreamFamily;
  /** Sends one event, given as its JSON text; a sink too slow to keep up ends itself. */
  deliver(eventJson: string): void;
}

export interface UserStreamsOptions {
  db: Db;
  bus: Bus;
  log: BusLog;
  /** Timers; what time it is comes from `now`, the clock listen keys are kept alive by. */
  scheduler: Scheduler;
  now(): number;
  nodeId: string;
  /** Each connection attempt weighs 1 against its address, as the door's calls do. */
  weights: WeightLimiter;
}

export class UserStreams {
  readonly #byUser = new Map<number, Set<Stream>>();
  readonly #sinks = new Map<number, Set<UserEventSink>>();
  readonly #stops: (() => void)[] = [];
  readonly #admitted = new WeakMap<FastifyRequest, Admitted>();

  constructor(private readonly options: UserStreamsOptions) {}

  /**
   * Binds `/private/ws?listenKey=`; `/ws/<listenKey>` shares its path with the market streams
   * (market-sockets.ts), which hand a listen key's connection to `admit` and `accept`. The app's
   * WebSocket plugin must be registered already.
   */
  register(app: FastifyInstance): void {
    app.get('/private/ws', streamRoute(this.admit), this.accept);
  }

  /** Checks a connection's listen key before its upgrade: a refusal is Binance's error, in HTTP. */
  readonly admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const { weights } = this.options;
    const refusal = weightRefusal(weights.spend(request.ip, 1), weights.limit);
    if (refusal) return sendBinanceError(reply, refusal);
    const listenKey = listenKeyOf(request);
    const found =
      listenKey === undefined
        ? null
        : await resolveListenKey(this.options.db, listenKey, new Date(this.options.now()));
    if (!found || listenKey === undefined)
      return sendBinanceError(reply, doorErrors.unknownListenKey());
    if (this.#heldBy(found.userId) >= streamsPerUser) {
      return sendBinanceError(reply, doorErrors.tooManyStreams(streamsPerUser));
    }
    // The writers hear of the new watcher before the client hears its stream is open, so an
    // order it places once connected is told (in one process at once; over NATS, one hop on).
    if (this.#heldBy(found.userId) === 0) this.#announce(found.userId);
    this.#admitted.set(request, {
      listenKey,
      userId: found.userId,
      family: found.family,
      expiresAt: found.expiresAt.getTime(),
    });
  };

  /** Takes a connection `admit` let through. */
  readonly accept = (socket: WebSocket, request: FastifyRequest) => {
    const admitted = this.#admitted.get(request);
    if (!admitted) {
      socket.close(1008, 'listen key not checked');
      return;
    }
    this.#add(socket, admitted);
  };

  /**
   * Delivers `sink`'s user's events of its family to it until `detach`; false, and nothing added,
   * when the user holds `streamsPerUser` streams and sinks on this node already. Announced to the
   * writers before it returns, as a stream is before its upgrade.
   */
  attach(sink: UserEventSink): boolean {
    const held = this.#heldBy(sink.userId);
    if (held >= streamsPerUser) return false;
    if (held === 0) this.#announce(sink.userId);
    const sinks = this.#sinks.get(sink.userId) ?? new Set<UserEventSink>();
    sinks.add(sink);
    this.#sinks.set(sink.userId, sinks);
    return true;
  }

  detach(sink: UserEventSink): void {
    const sinks = this.#sinks.get(sink.userId);
    if (!sinks?.delete(sink)) return;
    if (sinks.size === 0) this.#sinks.delete(sink.userId);
  }

  /** Streams and sinks `userId` holds on this node. */
  #heldBy(userId: number): number {
    return (this.#byUser.get(userId)?.size ?? 0) + (this.#sinks.get(userId)?.size ?? 0);
  }

  start(): void {
    const { bus, log, scheduler } = this.options;
    this.#stops.push(
      listen(bus, userEventSubject, doorUserEvent, log, (message) => this.#deliver(message)),
      listen(bus, closedKeySubject, closedKey, log, ({ listenKey }) => {
        for (const stream of this.#streams()) {
          if (stream.listenKey === listenKey) this.#close(stream, 1000, 'listen key closed');
        }
      }),
    );
    const announcing = scheduler.setInterval(() => this.#announce(), watchAnnounceMs);
    const pinging = scheduler.setInterval(() => this.#ping(), pingEveryMs);
    this.#stops.push(() => {
      scheduler.clearInterval(announcing);
      scheduler.clearInterval(pinging);
    });
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    for (const stream of this.#streams()) this.#close(stream, 1001, 'server stopping');
  }

  *#streams(): Iterable<Stream> {
    for (const streams of [...this.#byUser.values()]) yield* [...streams];
  }

  #add(socket: WebSocket, admitted: Admitted): void {
    const now = this.options.now();
    const stream: Stream = {
      socket,
      ...admitted,
      openedAt: now,
      answeredPing: true,
      timer: undefined,
    };
    const streams = this.#byUser.get(stream.userId) ?? new Set<Stream>();
    streams.add(stream);
    this.#byUser.set(stream.userId, streams);
    socket.on('pong', () => {
      stream.answeredPing = true;
    });
    // A client says nothing on a user stream: what it sends is not read.
    socket.on('close', () => this.#forget(stream));
    socket.on('error', () => this.#forget(stream));
    this.#schedule(stream);
  }

  #schedule(stream: Stream): void {
    const { scheduler } = this.options;
    const now = this.options.now();
    const next = Math.min(stream.expiresAt, now + recheckMs, stream.openedAt + lifetimeMs);
    stream.timer = scheduler.setTimeout(() => void this.#recheck(stream), Math.max(0, next - now));
  }

  async #recheck(stream: Stream): Promise<void> {
    const now = this.options.now();
    if (now - stream.openedAt >= lifetimeMs)
      return this.#close(stream, 1000, 'stream lifetime over');
    const found = await resolveListenKey(this.options.db, stream.listenKey, new Date(now)).catch(
      () => undefined,
    );
    if (!this.#byUser.get(stream.userId)?.has(stream)) return;
    // The database did not answer: keep the stream and look again later.
    if (found === undefined) return this.#schedule(stream);
    if (found === null) {
      if (now >= stream.expiresAt) {
        send(stream, { e: 'listenKeyExpired', E: now, listenKey: stream.listenKey });
      }
      return this.#close(stream, 1000, 'listen key no longer open');
    }
    stream.expiresAt = found.expiresAt.getTime();
    this.#schedule(stream);
  }

  #deliver(message: DoorUserEvent): void {
    const streams = this.#byUser.get(message.userId);
    const sinks = this.#sinks.get(message.userId);
    if (!streams && !sinks) return;
    const text = JSON.stringify(message.event);
    for (const sink of sinks ?? []) {
      if (sink.family === message.family) sink.deliver(text);
    }
    for (const stream of streams ?? []) {
      if (stream.family !== message.family) continue;
      if (stream.socket.bufferedAmount > maxBufferedBytes) {
        this.#close(stream, 1008, 'client too slow');
        continue;
      }
      stream.socket.send(text);
    }
  }

  /** Tells every node whom this one watches: the users with streams or sinks here, and `arriving`. */
  #announce(arriving?: number): void {
    const users = new Set([...this.#byUser.keys(), ...this.#sinks.keys()]);
    if (arriving !== undefined) users.add(arriving);
    this.options.bus.publish(watchingSubject, {
      node: this.options.nodeId,
      users: [...users],
    } satisfies z.infer<typeof watchingAnnouncement>);
  }

  #ping(): void {
    for (const stream of this.#streams()) {
      if (!stream.answeredPing) {
        stream.socket.terminate();
        this.#forget(stream);
        continue;
      }
      stream.answeredPing = false;
      stream.socket.ping();
    }
  }

  #close(stream: Stream, code: number, reason: string): void {
    this.#forget(stream);
    stream.socket.close(code, reason);
  }

  #forget(stream: Stream): void {
    this.options.scheduler.clearTimeout(stream.timer);
    const streams = this.#byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.#byUser.delete(stream.userId);
  }
}

function send(stream: Stream, event: Record<string, unknown>): void {
  stream.socket.send(JSON.stringify(event));
}

/** The listen key named by the path (`/ws/<key>`) or the query (`?listenKey=<key>`). */
function listenKeyOf(request: FastifyRequest): string | undefined {
  const fromPath = z.object({ name: z.string() }).safeParse(request.params);
  const fromQuery = z.object({ listenKey: z.string() }).safeParse(request.query);
  const key = fromPath.success
    ? fromPath.data.name
    : fromQuery.success
      ? fromQuery.data.listenKey
      : undefined;
  return key !== undefined && listenKeyFormat.test(key) ? key : undefined;
}
