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
import { sendBinanceError } from './binance-router.ts';
import { BinanceError, binanceCodes } from './errors.ts';
import { MarketSocket, normalName, refusedStreams, type StreamHost } from './market-socket.ts';
import { SocketPool } from './socket-pool.ts';
import type { MarketFamily } from './stream-names.ts';
import { isListenKey, streamRoute, type UserStreams } from './user-stream.ts';
import type { WeightLimiter } from './weights.ts';

/** Sockets one address may hold open: every bot of a trader's, bounded for memory. */
export const marketSocketsPerAddress = 50;

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
  readonly #pool: SocketPool<MarketSocket>;
  readonly #admitted = new WeakMap<FastifyRequest, Admitted>();

  constructor(private readonly options: MarketSocketsOptions) {
    this.#pool = new SocketPool({
      weights: options.weights,
      openingWeight: 2,
      perAddress: marketSocketsPerAddress,
      kind: 'market stream',
      scheduler: options.scheduler,
    });
  }

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
    this.#pool.start();
  }

  stop(): void {
    this.#pool.stop();
  }

  async #admit(
    request: FastifyRequest,
    reply: FastifyReply,
    family: MarketFamily,
    combined: boolean,
  ): Promise<unknown> {
    const refusal = this.#pool.refusal(request.ip);
    if (refusal) return sendBinanceError(reply, refusal);
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
    this.#pool.add(market, socket, request.ip);
    market.open(admitted.names);
  }

  #socketOptions(family: MarketFamily) {
    return {
      family,
      host: this.options.host,
      now: () => this.options.scheduler.now(),
      closed: (socket: MarketSocket) => this.#pool.forget(socket),
      log: this.options.log,
    };
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
