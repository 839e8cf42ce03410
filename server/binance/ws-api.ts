// The door's WebSocket API at Binance's path `/ws-api/v3` (docs/api-binance.md § "WebSocket API
// (spot user data)"): what ccxt pro's `binance` opens for a spot user's orders and balances, since
// spot's user data no longer goes through a listen key there. Each connection weighs 2 against its
// address, as on Binance, and an address holds a bounded number; the server pings every 20 s and
// drops a client silent for a minute, and closes every connection after a day. Each subscription's
// key is read again every minute, and a deleted key (announced on the bus, key-cache.ts) ends its
// subscriptions at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import { sendBinanceError } from './binance-router.ts';
import { revokedKeySubject } from './key-cache.ts';
import type { DoorKey } from './signed-request.ts';
import { SocketPool } from './socket-pool.ts';
import { streamRoute } from './user-stream.ts';
import type { WeightLimiter } from './weights.ts';
import { type UserEventSource, WsApiConnection } from './ws-api-connection.ts';

export const wsApiPath = '/ws-api/v3';
/** Connections one address may hold open: every bot of a trader's, bounded for memory. */
export const wsApiConnectionsPerAddress = 50;
/** What opening a connection weighs against the address, as on Binance. */
const connectionWeight = 2;
/** How often every subscription's key is read again. */
const recheckMs = 60_000;

const revokedKey = z.object({ apiKey: z.string().min(1).max(64) });

export interface WsApiOptions {
  /** The user streams, whose bus delivery and announcements the subscriptions share. */
  events: UserEventSource;
  /** The door's live keys (KeyCache). */
  resolveKey(apiKey: string): Promise<DoorKey | null>;
  weights: WeightLimiter;
  bus: Bus;
  log: BusLog & { error(details: object, message: string): void };
  scheduler: Scheduler;
  /** The server's time, ms: the clock timestamps are checked against. */
  now(): number;
}

export class WsApi {
  readonly #pool: SocketPool<WsApiConnection>;
  readonly #admitted = new WeakSet<FastifyRequest>();
  readonly #stops: (() => void)[] = [];

  constructor(private readonly options: WsApiOptions) {
    this.#pool = new SocketPool({
      weights: options.weights,
      openingWeight: connectionWeight,
      perAddress: wsApiConnectionsPerAddress,
      kind: 'WebSocket API',
      scheduler: options.scheduler,
    });
  }

  /** Binds `/ws-api/v3`; the app's WebSocket plugin must be registered already. */
  register(app: FastifyInstance): void {
    app.get(wsApiPath, streamRoute(this.#admit), this.#accept);
  }

  start(): void {
    const { bus, log, scheduler } = this.options;
    this.#stops.push(
      listen(bus, revokedKeySubject, revokedKey, log, ({ apiKey }) => {
        for (const connection of this.#pool.clients()) connection.keyRevoked(apiKey);
      }),
    );
    this.#pool.start();
    const rechecking = scheduler.setInterval(() => this.#recheck(), recheckMs);
    this.#stops.push(() => scheduler.clearInterval(rechecking));
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#pool.stop();
  }

  readonly #admit = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const refusal = this.#pool.refusal(request.ip);
    if (refusal) return sendBinanceError(reply, refusal);
    this.#admitted.add(request);
    return undefined;
  };

  readonly #accept = (socket: WebSocket, request: FastifyRequest): void => {
    if (!this.#admitted.has(request)) {
      socket.close(1008, 'connection not checked');
      return;
    }
    const { events, resolveKey, weights, now, log } = this.options;
    const connection = new WsApiConnection(socket, {
      ip: request.ip,
      events,
      resolveKey,
      weights,
      now,
      log,
      closed: (closed) => this.#pool.forget(closed),
    });
    this.#pool.add(connection, socket, request.ip);
  };

  #recheck(): void {
    for (const connection of this.#pool.clients()) {
      connection.recheck().catch((error: unknown) => {
        this.options.log.error({ err: error }, 'door WebSocket API recheck failed');
      });
    }
  }
}
