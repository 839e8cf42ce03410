// The market socket at `/ws` (design.md §4, §6): the public channels its streams feed, with what a
// new subscriber gets at once, users' own frames on their private channels, a `pong` heartbeat,
// and limits on everything a client can make the server hold. It knows no product: the parts of
// the server hand it their streams.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Scheduler } from '../../core/scheduler.ts';
import { isPrivateChannel } from '../../schemas/channels.ts';
import { languageFromTag } from '../../schemas/languages.ts';
import { ChannelHub } from './channel-hub.ts';
import { Connection, type ConnectionHost, type Corkable } from './connection.ts';
import { defaultGatewayLimits, type GatewayLimits } from './limits.ts';
import type { PrivateStream, PublicStream } from './streams.ts';

export interface GatewayOptions {
  publicStreams: readonly PublicStream[];
  privateStreams: readonly PrivateStream[];
  scheduler: Scheduler;
  authenticate(token: string): Promise<number | null>;
  limits?: Partial<GatewayLimits>;
  /** Who listens to which channel; a benchmark passes a variant of the hub to compare fan-outs. */
  hub?: ChannelHub;
}

export class SocketGateway implements ConnectionHost {
  readonly limits: GatewayLimits;
  readonly hub: ChannelHub;
  readonly #options: GatewayOptions;
  readonly #connections = new Set<Connection>();
  #heartbeat: unknown;
  #unlisten: (() => void)[] = [];

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.hub = options.hub ?? new ChannelHub();
    this.limits = { ...defaultGatewayLimits, ...options.limits };
  }

  get connections(): number {
    return this.#connections.size;
  }

  now(): number {
    return this.#options.scheduler.now();
  }

  async register(app: FastifyInstance): Promise<void> {
    await app.register(websocket, { options: { maxPayload: this.limits.hardFrameBytes } });
    app.get('/ws', { websocket: true }, (socket, request) => {
      const query = request.query as { lang?: unknown };
      const tag = typeof query.lang === 'string' ? query.lang : request.headers['accept-language'];
      this.accept(socket, languageFromTag(tag), request.raw.socket);
    });
    this.start();
    app.addHook('onClose', async () => this.stop());
  }

  /** Takes a connected socket into the gateway (the route, or a benchmark, hands it in). */
  accept(
    socket: WebSocket,
    language = languageFromTag(undefined),
    transport?: Corkable,
  ): Connection | null {
    if (this.#connections.size >= this.limits.maxConnections) {
      socket.close(1013, 'server busy');
      return null;
    }
    const connection = new Connection(socket, this, language, transport);
    this.#connections.add(connection);
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
    // Private frames go out at once: a trader waits for their own order, not for a tick.
    for (const stream of this.#options.privateStreams) {
      this.#unlisten.push(
        stream.start((userId, channel, data, ts) =>
          this.hub.publishTo(privateKey(channel, userId), channel, data, ts),
        ),
      );
    }
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
    this.hub.add(hubKey(connection, channel), connection);
    const greeting = this.#streamOf(channel)?.greeting(channel, this.now(), this.hub);
    if (greeting) connection.deliver(greeting);
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

  closed(connection: Connection): void {
    this.#connections.delete(connection);
    for (const channel of connection.channels)
      this.hub.remove(hubKey(connection, channel), connection);
  }
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
