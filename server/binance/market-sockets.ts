// The door's market streams over WebSocket (docs/api-binance.md § "Market streams"), at Binance's
// paths: spot's raw streams at `/ws/<name>` (a listen key there is a user stream, user-stream.ts)
// and combined ones at `/stream?streams=a/b`; the perpetuals' at `/public/ws/<name>`,
// `/market/ws/<name>` and `/public/stream`, `/market/stream`, as Binance's USDⓈ-M host splits
// them (each here serves every perpetual stream). A stream is a channel of the app's socket hub,
// so every node serves every market, relayed from the node publishing it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Scheduler } from '../../core/scheduler.ts';
import { addressGroup } from '../gateway/client-address.ts';
import { sendBinanceError } from './binance-router.ts';
import { BinanceError, binanceCodes } from './errors.ts';
import { MarketSocket, normalName, refusedStreams, type StreamHost } from './market-socket.ts';
import type { MarketFamily } from './stream-names.ts';
import { isListenKey, streamRoute, type UserStreams } from './user-stream.ts';
import { type WeightLimiter, weightRefusal } from './weights.ts';

/** Sockets one address may hold open: every bot of a trader's, bounded for memory. */
export const marketSocketsPerAddress = 50;
/** Binance pings every 20 s and drops a client that has not answered for a minute. */
const pingEveryMs = 20_000;
const silentForMs = 60_000;
/** Binance closes a connection after a day; the client reconnects. */
const lifetimeMs = 24 * 60 * 60_000;

export interface MarketSocketsOptions {
  host: StreamHost;
  scheduler: Scheduler;
  /** Each connection attempt weighs 2 against its address, as Binance counts one. */
  weights: WeightLimiter;
  log: { error(details: object, message: string): void };
}

/** What the path asked for, checked before the upgrade. */
interface Admitted {
  family: MarketFamily;
  combined: boolean;
  names: string[];
}

const streamsQuery = z.object({ streams: z.string().max(20_000).optional() });
const nameParam = z.object({ name: z.string().max(200) });

export class MarketSockets {
  readonly #sockets = new Map<MarketSocket, { address: string; openedAt: number }>();
  readonly #perAddress = new Map<string, number>();
  readonly #admitted = new WeakMap<FastifyRequest, Admitted>();
  #timer: unknown;

  constructor(private readonly options: MarketSocketsOptions) {}

  /** Binds the paths; `/ws/<listenKey>` goes to the user streams. */
  register(app: FastifyInstance, userStreams: UserStreams): void {
    const isUserStream = (request: FastifyRequest) => {
      const parsed = nameParam.safeParse(request.params);
      return parsed.success && isListenKey(parsed.data.name);
    };
    const raw = (family: MarketFamily) =>
      streamRoute((request, reply) => this.#admit(request, reply, family, false));
    const combined = (family: MarketFamily) =>
      streamRoute((request, reply) => this.#admit(request, reply, family, true));
    const accept = (socket: WebSocket, request: FastifyRequest) => this.#accept(socket, request);

    app.get(
      '/ws/:name',
      streamRoute((request, reply) =>
        isUserStream(request)
          ? userStreams.admit(request, reply)
          : this.#admit(request, reply, 'api', false),
      ),
      (socket, request) =>
        isUserStream(request) ? userStreams.accept(socket, request) : accept(socket, request),
    );
    app.get('/stream', combined('api'), accept);
    for (const part of ['public', 'market']) {
      app.get(`/${part}/ws`, raw('fapi'), accept);
      app.get(`/${part}/ws/:name`, raw('fapi'), accept);
      app.get(`/${part}/stream`, combined('fapi'), accept);
    }
  }

  start(): void {
    const { scheduler } = this.options;
    this.#timer = scheduler.setInterval(() => this.#ping(), pingEveryMs);
  }

  stop(): void {
    this.options.scheduler.clearInterval(this.#timer);
    for (const socket of [...this.#sockets.keys()]) socket.close(1001, 'server stopping');
  }

  async #admit(
    request: FastifyRequest,
    reply: FastifyReply,
    family: MarketFamily,
    combined: boolean,
  ): Promise<unknown> {
    const { weights } = this.options;
    const refusal = weightRefusal(weights.spend(request.ip, 2), weights.limit);
    if (refusal) return sendBinanceError(reply, refusal);
    if ((this.#perAddress.get(addressGroup(request.ip)) ?? 0) >= marketSocketsPerAddress) {
      return sendBinanceError(reply, tooManySockets());
    }
    const names = combined ? combinedNames(request) : rawNames(request);
    const refused =
      names === null ? 'no streams named' : refusedStreams(this.options.host, family, names);
    if (names === null || refused !== null) {
      return sendBinanceError(
        reply,
        new BinanceError(binanceCodes.ILLEGAL_CHARS, `Invalid streams: ${refused}.`),
      );
    }
    this.#admitted.set(request, { family, combined, names });
    return undefined;
  }

  #accept(socket: WebSocket, request: FastifyRequest): void {
    const admitted = this.#admitted.get(request);
    if (!admitted) {
      socket.close(1008, 'stream not checked');
      return;
    }
    const market = new MarketSocket(socket, {
      ...this.#socketOptions(admitted.family),
      combined: admitted.combined,
    });
    const address = addressGroup(request.ip);
    this.#sockets.set(market, { address, openedAt: this.options.scheduler.now() });
    this.#perAddress.set(address, (this.#perAddress.get(address) ?? 0) + 1);
    market.open(admitted.names);
  }

  #socketOptions(family: MarketFamily) {
    return {
      family,
      host: this.options.host,
      now: () => this.options.scheduler.now(),
      closed: (socket: MarketSocket) => this.#forget(socket),
      log: this.options.log,
    };
  }

  #forget(socket: MarketSocket): void {
    const held = this.#sockets.get(socket);
    if (!held) return;
    this.#sockets.delete(socket);
    const left = (this.#perAddress.get(held.address) ?? 1) - 1;
    if (left > 0) this.#perAddress.set(held.address, left);
    else this.#perAddress.delete(held.address);
  }

  #ping(): void {
    const now = this.options.scheduler.now();
    for (const [socket, { openedAt }] of [...this.#sockets]) {
      if (now - openedAt >= lifetimeMs) socket.close(1000, 'stream lifetime over');
      else if (now - socket.lastPong > silentForMs) socket.terminate();
      else socket.ping();
    }
  }
}

/**
 * `/ws/<name>`: one stream, or none when the name is no stream's (ccxt numbers its connections
 * `/ws/0`, `/ws/1`, and subscribes on them), as Binance takes it.
 */
function rawNames(request: FastifyRequest): string[] {
  const parsed = nameParam.safeParse(request.params);
  if (!parsed.success || !parsed.data.name.includes('@')) return [];
  return [normalName(parsed.data.name)];
}

/** `/stream?streams=a/b/c`: at least one stream, each a served one. */
function combinedNames(request: FastifyRequest): string[] | null {
  const parsed = streamsQuery.safeParse(request.query);
  const text = parsed.success ? parsed.data.streams : undefined;
  if (!text) return null;
  return [...new Set(text.split('/').map(normalName))];
}

function tooManySockets(): BinanceError {
  return new BinanceError(
    binanceCodes.TOO_MANY_REQUESTS,
    `Too many market stream connections from this address; the limit is ${marketSocketsPerAddress}.`,
  );
}
