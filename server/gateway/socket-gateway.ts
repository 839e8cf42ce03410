// The market socket at `/ws` (design.md §4, §6): public channels fed by the market service every
// publication tick, a depth snapshot and the current ticker on subscribing, a `pong` heartbeat,
// and limits on everything a client can make the server hold.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Scheduler } from '../../core/scheduler.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import { languageFromTag } from '../../schemas/languages.ts';
import { candleRow } from '../market/market-routes.ts';
import type { MarketService } from '../market/market-service.ts';
import type { MarketState } from '../market/market-state.ts';
import type { SpotService } from '../spot/spot-service.ts';
import type { SupportBus } from '../support/support-bus.ts';
import { ChannelHub, encodeFrame } from './channel-hub.ts';
import { Connection, type ConnectionHost, type Corkable, isPrivateChannel } from './connection.ts';
import { defaultGatewayLimits, type GatewayLimits } from './limits.ts';
import { depthSnapshot, publishChanges } from './market-frames.ts';
import { privateFrames } from './private-frames.ts';

export interface GatewayOptions {
  service: MarketService;
  /** Spot trading, whose committed commands reach their users on the private channels. */
  spot?: SpotService;
  /** Support messages, each sent on the private `support` channel of its user. */
  support?: SupportBus;
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
  readonly #channels: Set<string>;
  #heartbeat: unknown;
  readonly #snapshots = new Map<string, { version: number; frame: Buffer }>();
  #unlisten: (() => void)[] = [];

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.hub = options.hub ?? new ChannelHub();
    this.limits = { ...defaultGatewayLimits, ...options.limits };
    this.#channels = new Set(['orders', 'balances', 'positions', 'options', 'support']);
    for (const { spec } of options.service.markets()) {
      for (const kind of ['ticker', 'trades', 'depth'])
        this.#channels.add(`${kind}.${spec.symbol}`);
      for (const period of klinePeriods) this.#channels.add(`kline.${spec.symbol}.${period}`);
    }
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
    const { scheduler, service } = this.#options;
    this.#unlisten.push(
      service.onChanges((now, changes) => {
        // A tick's frames for one client leave in one write rather than one write each.
        for (const connection of this.#connections) connection.cork();
        for (const [symbol, change] of changes) {
          const state = service.market(symbol);
          if (state) publishChanges(this.hub, state, change, now);
        }
        for (const connection of this.#connections) connection.uncork();
      }),
    );
    const { spot } = this.#options;
    if (spot) {
      // Private changes go out at once: a trader waits for their own order, not for a tick.
      this.#unlisten.push(
        spot.onCommitted((committed) => {
          for (const frame of privateFrames(committed)) {
            this.hub.publishTo(
              privateKey(frame.channel, frame.userId),
              frame.channel,
              frame.data,
              committed.ts,
            );
          }
        }),
      );
    }
    const { support } = this.#options;
    if (support) {
      this.#unlisten.push(
        support.onMessages((userId, messages, ts) =>
          this.hub.publishTo(privateKey('support', userId), 'support', messages, ts),
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
    return this.#channels.has(channel);
  }

  subscribe(connection: Connection, channel: string): void {
    this.hub.add(hubKey(connection, channel), connection);
    const [kind, symbol] = channel.split('.');
    const state = symbol ? this.#options.service.market(symbol) : undefined;
    if (!state) return;
    const now = this.now();
    if (kind === 'depth') {
      connection.deliver(this.#depthFrame(channel, state, now));
    } else if (kind === 'ticker') {
      const ticker = state.ticker(now);
      if (ticker) connection.deliver(encodeFrame(channel, this.hub.seqOf(channel), now, ticker));
    } else if (kind === 'kline') {
      // The open candle now, so a candle that changes between the client's history call and
      // its first frame is never left stale on its screen.
      const period = channel.split('.')[2] as KlinePeriod;
      const open = state.candles.series[period].last();
      if (open) {
        const rows = [candleRow(open, state)];
        connection.deliver(encodeFrame(channel, this.hub.seqOf(channel), now, rows));
      }
    }
  }

  /** One snapshot frame per book version, however many clients subscribe at that version. */
  #depthFrame(channel: string, state: MarketState, now: number): Buffer {
    const cached = this.#snapshots.get(channel);
    if (cached && cached.version === state.book.version) return cached.frame;
    const { version, data } = depthSnapshot(state);
    const frame = encodeFrame(channel, version, now, data);
    this.#snapshots.set(channel, { version, frame });
    return frame;
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
