// The market socket at `/ws` (docs/product.md §8, docs/gateway.md): the public channels its streams
// feed, with what a new subscriber gets at once, users' own frames on their private channels, a
// `pong` heartbeat, and limits on everything a client can make the server hold. It knows no
// product: the parts of the server hand it their streams.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Scheduler } from '../../core/scheduler.ts';
import { isPrivateChannel } from '../../schemas/channels.ts';
import { type Language, languageFromTag } from '../../schemas/languages.ts';
import type { PublicRelay } from '../bus/public-relay.ts';
import { fieldOf } from '../db/field-of.ts';
import { ChannelHub, type Subscriber } from './channel-hub.ts';
import { addressGroup } from './client-address.ts';
import { ClientLog, type GatewayLogger, silentLogger } from './client-log.ts';
import { Connection, type ConnectionHost, type Corkable } from './connection.ts';
import { defaultGatewayLimits, type GatewayLimits } from './limits.ts';
import type { SessionRevocations } from './revocations.ts';
import type { PrivateStream, PublicStream } from './streams.ts';

export interface GatewayOptions {
  publicStreams: readonly PublicStream[];
  privateStreams: readonly PrivateStream[];
  scheduler: Scheduler;
  authenticate(token: string): Promise<number | null>;
  limits?: Partial<GatewayLimits>;
  /** Who listens to which channel; a benchmark passes a variant of the hub to compare fan-outs. */
  hub?: ChannelHub;
  /** Where refused connections are noted (rate limited); connections log to their request's log. */
  log?: GatewayLogger;
  /** With several nodes: public channels heard from the node that runs the engines. */
  relay?: PublicRelay | undefined;
  /** Sessions ended on any node, whose connections lose their private channels at once. */
  revocations?: SessionRevocations;
}

/** Where a connection comes from, who it is, and where its mistakes are logged. */
export interface Arrival {
  language?: Language;
  /**
   * The client's address as Fastify resolves it (`TRUST_PROXY`); connections are counted per
   * address (per /64 for IPv6).
   */
  address?: string;
  transport?: Corkable;
  log?: GatewayLogger;
}

export class SocketGateway implements ConnectionHost {
  readonly limits: GatewayLimits;
  readonly hub: ChannelHub;
  readonly #options: GatewayOptions;
  readonly #connections = new Set<Connection>();
  readonly #perAddress = new Map<string, number>();
  /** Refused connections, noted at most a few times a minute whoever opens them. */
  readonly #refusals: ClientLog;
  #heartbeat: unknown;
  #unlisten: (() => void)[] = [];

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.hub = options.hub ?? new ChannelHub();
    this.limits = { ...defaultGatewayLimits, ...options.limits };
    this.#refusals = new ClientLog(options.log ?? silentLogger, () => this.now());
  }

  get connections(): number {
    return this.#connections.size;
  }

  now(): number {
    return this.#options.scheduler.now();
  }

  async register(app: FastifyInstance): Promise<void> {
    await app.register(websocket, {
      options: { maxPayload: this.limits.hardFrameBytes },
      // A protocol error is the client's doing (a frame over the hard limit, a broken frame): the
      // connection logs it, rate limited, where the plugin's default logs every one as an error.
      errorHandler: (error, socket, request) => {
        if (!isProtocolError(error)) request.log.error({ err: error }, 'socket handler failed');
        socket.terminate();
      },
    });
    app.get('/ws', { websocket: true }, (socket, request) => {
      const lang = fieldOf(request.query, 'lang');
      const tag = typeof lang === 'string' ? lang : request.headers['accept-language'];
      this.accept(socket, {
        language: languageFromTag(tag),
        address: request.ip,
        transport: request.raw.socket,
        log: request.log.child({ address: request.ip }),
      });
    });
    this.start();
    app.addHook('onClose', async () => this.stop());
  }

  /** Takes a connected socket into the gateway (the route, or a benchmark, hands it in). */
  accept(socket: WebSocket, arrival: Arrival = {}): Connection | null {
    const address = addressGroup(arrival.address ?? '');
    const fromAddress = this.#perAddress.get(address) ?? 0;
    if (this.#connections.size >= this.limits.maxConnections) {
      this.#refusals.warn({ connections: this.#connections.size }, 'socket refused: server busy');
      socket.close(1013, 'server busy');
      return null;
    }
    if (fromAddress >= this.limits.connectionsPerAddress) {
      this.#refusals.warn(
        { address, connections: fromAddress },
        'socket refused: address at its cap',
      );
      socket.close(1013, 'too many connections from this address');
      return null;
    }
    const log = arrival.log ?? this.#options.log ?? silentLogger;
    const connection = new Connection(socket, this, {
      language: arrival.language ?? languageFromTag(undefined),
      address,
      transport: arrival.transport,
      log: new ClientLog(log, () => this.now()),
    });
    this.#connections.add(connection);
    this.#perAddress.set(address, fromAddress + 1);
    return connection;
  }

  start(): void {
    const { scheduler } = this.#options;
    // A tick's frames for one client leave in one write rather than one write each.
    const burst = (publish: () => void) => {
      for (const connection of this.#connections) connection.cork();
      publish();
      for (const connection of this.#connections) connection.uncork();
    };
    for (const stream of this.#options.publicStreams) {
      this.#unlisten.push(stream.start(this.hub, burst));
    }
    const { relay } = this.#options;
    if (relay) {
      relay.start(this.hub, burst);
      this.#unlisten.push(() => relay.stop());
    }
    // Private frames go out at once: a trader waits for their own order, not for a tick.
    for (const stream of this.#options.privateStreams) {
      this.#unlisten.push(
        stream.start((userId, channel, data, ts) =>
          this.hub.publishTo(privateKey(channel, userId), channel, data, ts),
        ),
      );
    }
    const { revocations } = this.#options;
    if (revocations) this.#unlisten.push(revocations.start((hashes) => this.#endSessions(hashes)));
    this.#heartbeat = scheduler.setInterval(() => {
      const now = this.now();
      const pong = Buffer.from(JSON.stringify({ op: 'pong', ts: now }));
      for (const connection of this.#connections) {
        connection.heartbeat(now, pong);
        void connection.recheckSession();
      }
    }, this.limits.heartbeatMs);
  }

  stop(): void {
    for (const unlisten of this.#unlisten) unlisten();
    this.#unlisten = [];
    this.#options.scheduler.clearInterval(this.#heartbeat);
    for (const connection of this.#connections) connection.drop();
  }

  knows(channel: string): boolean {
    return isPrivateChannel(channel) || this.#streamOf(channel) !== undefined;
  }

  subscribe(connection: Connection, channel: string): void {
    if (isPrivateChannel(channel)) this.hub.add(hubKey(connection, channel), connection);
    else this.follow(connection, channel);
  }

  /**
   * Subscribes to a public channel, relayed from its node where another node publishes it, with
   * its greeting first: an app connection, or a client of another socket on the same channels
   * (the Binance door's market streams, server/binance/market-sockets.ts). The subscriber adds
   * `channel` to its own `channels` first, and calls `unfollow` when it leaves.
   */
  follow(subscriber: Subscriber, channel: string): void {
    const { relay } = this.#options;
    if (relay?.relays(channel)) {
      relay.join(subscriber, channel);
      return;
    }
    this.hub.add(channel, subscriber);
    const greeting = this.#streamOf(channel)?.greeting(channel, this.now(), this.hub);
    if (greeting) subscriber.deliver(greeting);
  }

  unfollow(subscriber: Subscriber, channel: string): void {
    this.hub.remove(channel, subscriber);
  }

  #streamOf(channel: string): PublicStream | undefined {
    return this.#options.publicStreams.find((stream) => stream.serves(channel));
  }

  unsubscribe(connection: Connection, channel: string): void {
    this.hub.remove(hubKey(connection, channel), connection);
  }

  authenticate(token: string): Promise<number | null> {
    return this.#options.authenticate(token);
  }

  tokenHash(token: string): string | null {
    return this.#options.revocations?.hash(token) ?? null;
  }

  /** A pass over the connections per revocation: revocations are rare, a user's own doing. */
  #endSessions(tokenHashes: readonly string[]): void {
    const ended = new Set(tokenHashes);
    for (const connection of this.#connections) {
      if (connection.tokenHash !== null && ended.has(connection.tokenHash)) {
        connection.sessionRevoked();
      }
    }
  }

  closed(connection: Connection): void {
    if (!this.#connections.delete(connection)) return;
    const left = (this.#perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.#perAddress.set(connection.address, left);
    else this.#perAddress.delete(connection.address);
    for (const channel of connection.channels)
      this.hub.remove(hubKey(connection, channel), connection);
  }
}

/** An error `ws` raises on a client's broken frame (codes `WS_ERR_…`), as opposed to a bug of ours. */
function isProtocolError(error: unknown): boolean {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/** A user's own copy of a private channel: nobody else's frames can reach it. */
function privateKey(channel: string, userId: number): string {
  return `${channel}#${userId}`;
}

function hubKey(connection: Connection, channel: string): string {
  return isPrivateChannel(channel) && connection.userId !== null
    ? privateKey(channel, connection.userId)
    : channel;
}
