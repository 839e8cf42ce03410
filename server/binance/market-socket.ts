// One client of the door's market streams (docs/api-binance.md § "Market streams"): the streams it
// listens to, Binance's live subscription requests (`SUBSCRIBE`, `UNSUBSCRIBE`,
// `LIST_SUBSCRIPTIONS`, `SET_PROPERTY`/`GET_PROPERTY` of `combined`), and each event sent as the
// raw payload or, combined, as `{"stream":…,"data":…}`.
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Subscriber } from '../gateway/channel-hub.ts';
import { TokenBucket } from '../gateway/token-bucket.ts';
import { combinedFrame, unwrapFrame } from './stream-frames.ts';
import { type MarketFamily, streamChannel } from './stream-names.ts';

/** What a market socket asks of the app's socket hub. */
export interface StreamHost {
  /** Whether a stream of some listed market publishes `channel`. */
  knows(channel: string): boolean;
  follow(subscriber: Subscriber, channel: string): void;
  unfollow(subscriber: Subscriber, channel: string): void;
}

/** Binance's own limits: requests a second (a client over them is disconnected) and streams held. */
export const familyLimits: Record<MarketFamily, { requestsPerSecond: number; streams: number }> = {
  api: { requestsPerSecond: 5, streams: 1024 },
  fapi: { requestsPerSecond: 10, streams: 200 },
};

/** A client whose unsent events pass this is too slow to keep up, and is dropped. */
const maxBufferedBytes = 1 << 20;

const request = z.object({
  method: z.string(),
  params: z.array(z.unknown()).optional(),
  id: z
    .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().max(64)])
    .nullable()
    .default(null),
});
type Request = z.infer<typeof request>;

/** Binance's codes for a refused request: 0 unknown property, 1 bad value, 2 bad request, 3 bad JSON. */
class Refusal {
  constructor(
    readonly code: 0 | 1 | 2 | 3,
    readonly msg: string,
  ) {}
}

export class MarketSocket implements Subscriber {
  readonly channels = new Set<string>();
  #combined: boolean;
  #closed = false;
  readonly #bucket: TokenBucket;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: {
      family: MarketFamily;
      combined: boolean;
      host: StreamHost;
      now(): number;
      closed(socket: MarketSocket): void;
      log: { error(details: object, message: string): void };
    },
  ) {
    this.#combined = options.combined;
    const { requestsPerSecond } = familyLimits[options.family];
    this.#bucket = new TokenBucket(requestsPerSecond, requestsPerSecond, options.now());
    socket.on('message', (data) => this.#receive(String(data)));
    socket.on('close', () => this.#forget());
    socket.on('error', () => this.#forget());
  }

  /** Streams named in the connection's path; already checked by `refusedStreams`. */
  open(names: readonly string[]): void {
    for (const name of names) this.#add(name);
  }

  deliver(frame: Buffer): void {
    if (this.#closed) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.close(1008, 'client too slow');
      return;
    }
    const { stream, event } = unwrapFrame(frame);
    this.socket.send(this.#combined ? combinedFrame(frame, stream, event) : event, {
      binary: false,
    });
  }

  close(code: number, reason: string): void {
    this.#forget();
    this.socket.close(code, reason);
  }

  #receive(text: string): void {
    if (this.#closed) return;
    if (!this.#bucket.take(this.options.now())) {
      this.close(1008, 'too many requests');
      return;
    }
    let id: Request['id'] = null;
    try {
      const parsed = request.safeParse(readJson(text));
      if (!parsed.success) throw new Refusal(2, 'Invalid request: expected method, params and id');
      id = parsed.data.id;
      this.#send({ result: this.#answer(parsed.data), id });
    } catch (error) {
      if (!(error instanceof Refusal)) {
        this.options.log.error({ err: error }, 'market stream request failed');
        this.close(1011, 'internal error');
        return;
      }
      this.#send({ error: { code: error.code, msg: error.msg }, id });
    }
  }

  #answer({ method, params = [] }: Request): unknown {
    switch (method) {
      case 'SUBSCRIBE': {
        const names = streamNames(params);
        const added = names.filter((name) => !this.channels.has(this.#channel(name)));
        const refused = refusedStreams(
          this.options.host,
          this.options.family,
          added,
          this.channels.size,
        );
        if (refused) throw new Refusal(2, `Invalid request: ${refused}`);
        for (const name of added) this.#add(name);
        return null;
      }
      case 'UNSUBSCRIBE':
        for (const name of streamNames(params)) this.#remove(name);
        return null;
      case 'LIST_SUBSCRIPTIONS':
        return [...this.#names()];
      case 'SET_PROPERTY': {
        const [property, value] = params;
        if (property !== 'combined') throw new Refusal(0, 'Unknown property');
        if (typeof value !== 'boolean')
          throw new Refusal(1, 'Invalid value type: expected Boolean');
        this.#combined = value;
        return null;
      }
      case 'GET_PROPERTY':
        if (params[0] !== 'combined') throw new Refusal(0, 'Unknown property');
        return this.#combined;
      default:
        throw new Refusal(
          2,
          `Invalid request: unknown method ${JSON.stringify(method)}, expected one of SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY`,
        );
    }
  }

  *#names(): Iterable<string> {
    const prefix = streamChannel(this.options.family, '');
    for (const channel of this.channels) yield channel.slice(prefix.length);
  }

  #channel(name: string): string {
    return streamChannel(this.options.family, name);
  }

  #add(name: string): void {
    const channel = this.#channel(name);
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    this.options.host.follow(this, channel);
  }

  #remove(name: string): void {
    const channel = this.#channel(name);
    if (!this.channels.delete(channel)) return;
    this.options.host.unfollow(this, channel);
  }

  #send(message: unknown): void {
    if (!this.#closed) this.socket.send(JSON.stringify(message));
  }

  #forget(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const channel of this.channels) this.options.host.unfollow(this, channel);
    this.channels.clear();
    this.options.closed(this);
  }
}

/**
 * Why a connection holding `held` streams cannot add `names`: one no listed market publishes, or
 * more than Binance lets a connection hold. Null when it can.
 */
export function refusedStreams(
  host: StreamHost,
  family: MarketFamily,
  names: readonly string[],
  held = 0,
): string | null {
  const unknown = names.find((name) => !host.knows(streamChannel(family, name)));
  if (unknown !== undefined) return `unknown stream ${JSON.stringify(unknown)}`;
  if (held + names.length > familyLimits[family].streams) {
    return `more than ${familyLimits[family].streams} streams on one connection`;
  }
  return null;
}

/** Stream names as a client sends them: strings, the symbol in either case (Binance's are lower). */
export function streamNames(params: readonly unknown[]): string[] {
  if (!params.every((param): param is string => typeof param === 'string' && param.length <= 100)) {
    throw new Refusal(2, 'Invalid request: stream names must be strings');
  }
  return params.map(normalName);
}

export function normalName(name: string): string {
  const at = name.indexOf('@');
  return at === -1 ? name : name.slice(0, at).toLowerCase() + name.slice(at);
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(3, 'Invalid JSON');
  }
}
