// One client of the door's WebSocket API (docs/api-binance.md § "WebSocket API (spot user data)"):
// it reads each request, weighs it against the address as the door's REST calls are weighed and
// against the connection's own rate, and answers in Binance's words. A user data subscription is
// checked as a signed USER_DATA call is (signed-request.ts) and then receives its user's spot
// events from the bus through the user streams (user-stream.ts), each as
// `{"subscriptionId":N,"event":…}`. A subscription whose key is gone hears Binance's
// `eventStreamTerminated` and ends. Nothing a client sends can throw out of the socket's handler.
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { TokenBucket } from '../gateway/token-bucket.ts';
import { BinanceError, doorErrors } from './errors.ts';
import { ipAllowed } from './ip-allowlist.ts';
import { checkKeyedRequest, type DoorKey } from './signed-request.ts';
import { streamsPerUser, type UserEventSink } from './user-stream.ts';
import { type WeightLimiter, weightRefusal } from './weights.ts';
import {
  errorFrame,
  eventFrame,
  idOf,
  malformedRequest,
  methodWeights,
  readSignedParams,
  resultFrame,
  tooManyRequests,
  type UsedWeight,
  unknownMethod,
  type WsApiRequest,
  wsApiRequest,
} from './ws-api-requests.ts';

/** Requests a connection may send a second, and in a burst: a bot's pace, not a flood's. */
export const requestsPerSecond = 10;
const requestBurst = 20;
/** A client refused this many times for its pace is not listening: it is disconnected. */
const paceRefusalsBeforeClose = 50;
/** Subscriptions one connection may hold (one per user, as the user's keys share events). */
export const subscriptionsPerConnection = 5;
/** A client whose unsent frames pass this is too slow to keep up, and is dropped. */
const maxBufferedBytes = 1 << 20;
/** The key scope a user data subscription needs, as the REST user data calls do. */
const readScope = 'read';

/** Where a connection's subscriptions get their events (UserStreams). */
export interface UserEventSource {
  attach(sink: UserEventSink): boolean;
  detach(sink: UserEventSink): void;
}

export interface WsApiConnectionOptions {
  ip: string;
  events: UserEventSource;
  resolveKey(apiKey: string): Promise<DoorKey | null>;
  weights: WeightLimiter;
  now(): number;
  closed(connection: WsApiConnection): void;
  log: { error(details: object, message: string): void };
}

interface Subscription extends UserEventSink {
  readonly id: number;
  readonly apiKey: string;
}

const unsubscribeParams = z
  .object({
    subscriptionId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,9}$/)]),
  })
  .partial()
  .strict();

export class WsApiConnection {
  readonly #subscriptions = new Map<number, Subscription>();
  #nextSubscriptionId = 0;
  #paceRefusals = 0;
  #closed = false;
  readonly #bucket: TokenBucket;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: WsApiConnectionOptions,
  ) {
    this.#bucket = new TokenBucket(requestsPerSecond, requestBurst, options.now());
    socket.on('message', (data) => {
      this.#handle(String(data)).catch((error: unknown) => {
        this.options.log.error({ err: error }, 'door WebSocket API request failed');
      });
    });
    socket.on('close', () => this.#forget());
    socket.on('error', () => this.#forget());
  }

  close(code: number, reason: string): void {
    this.#forget();
    this.socket.close(code, reason);
  }

  /** Ends the subscriptions made with `apiKey` (it was deleted). */
  keyRevoked(apiKey: string): void {
    for (const subscription of [...this.#subscriptions.values()]) {
      if (subscription.apiKey === apiKey) this.#terminate(subscription);
    }
  }

  /** Reads each subscription's key again: one deleted, or no longer good for this address, ends. */
  async recheck(): Promise<void> {
    for (const subscription of [...this.#subscriptions.values()]) {
      const key = await this.options.resolveKey(subscription.apiKey).catch(() => undefined);
      // The database did not answer: keep the subscription and look again later.
      if (key === undefined || !this.#subscriptions.has(subscription.id)) continue;
      const good =
        key !== null &&
        key.userId === subscription.userId &&
        key.scopes.has(readScope) &&
        ipAllowed(this.options.ip, key.ipAllowlist);
      if (!good) this.#terminate(subscription);
    }
  }

  async #handle(text: string): Promise<void> {
    if (this.#closed) return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const id = idOf(raw);
    // Every frame counts against the pace, one that is not even JSON too.
    if (!this.#bucket.take(this.options.now())) {
      this.#paceRefusals += 1;
      if (this.#paceRefusals > paceRefusalsBeforeClose) {
        return this.close(1008, 'too many requests');
      }
      return this.#send(errorFrame(id, tooManyRequests(requestsPerSecond)));
    }
    if (raw === undefined) return this.#send(errorFrame(null, malformedRequest()));
    const parsed = wsApiRequest.safeParse(raw);
    if (!parsed.success) return this.#send(errorFrame(id, malformedRequest()));
    const request = parsed.data;
    const weight = methodWeights[request.method];
    if (weight === undefined) return this.#send(errorFrame(id, unknownMethod(request.method)));
    const { weights } = this.options;
    const verdict = weights.spend(this.options.ip, weight);
    const used: UsedWeight = { limit: weights.limit, used: verdict.used };
    const refusal = weightRefusal(verdict, weights.limit);
    if (refusal) return this.#send(errorFrame(id, refusal, used));
    try {
      const result = await this.#run(request);
      this.#send(resultFrame(id, result, used));
    } catch (error) {
      if (!(error instanceof BinanceError)) {
        this.options.log.error({ err: error }, 'door WebSocket API request failed');
      }
      this.#send(
        errorFrame(id, error instanceof BinanceError ? error : doorErrors.unknown(), used),
      );
    }
  }

  async #run(request: WsApiRequest): Promise<Record<string, unknown>> {
    switch (request.method) {
      case 'ping':
        return {};
      case 'time':
        return { serverTime: this.options.now() };
      case 'userDataStream.subscribe.signature':
        return this.#subscribe(request.params);
      case 'userDataStream.unsubscribe':
        return this.#unsubscribe(request.params);
      default:
        throw unknownMethod(request.method);
    }
  }

  async #subscribe(params: WsApiRequest['params']): Promise<Record<string, unknown>> {
    const read = readSignedParams(params);
    if (read.apiKey === undefined) throw doorErrors.mandatoryParameter('apiKey');
    const key = await checkKeyedRequest(
      {
        apiKeyHeader: read.apiKey,
        ip: this.options.ip,
        read,
        security: 'USER_DATA',
        scope: readScope,
        now: this.options.now(),
      },
      this.options.resolveKey,
    );
    if (this.#closed) return {};
    // The user's events are the same whichever of their keys asked: one subscription per user.
    for (const held of this.#subscriptions.values()) {
      if (held.userId === key.userId) return { subscriptionId: held.id };
    }
    if (this.#subscriptions.size >= subscriptionsPerConnection) {
      throw doorErrors.tooManyStreams(subscriptionsPerConnection);
    }
    const subscription: Subscription = {
      id: this.#nextSubscriptionId,
      apiKey: key.apiKey,
      userId: key.userId,
      family: 'api',
      deliver: (eventJson) => this.#push(subscription, eventJson),
    };
    if (!this.options.events.attach(subscription)) throw doorErrors.tooManyStreams(streamsPerUser);
    this.#nextSubscriptionId += 1;
    this.#subscriptions.set(subscription.id, subscription);
    return { subscriptionId: subscription.id };
  }

  #unsubscribe(params: WsApiRequest['params']): Record<string, unknown> {
    const parsed = unsubscribeParams.safeParse(params ?? {});
    if (!parsed.success) throw doorErrors.mandatoryParameter('subscriptionId');
    const named = parsed.data.subscriptionId;
    if (named === undefined) {
      for (const subscription of [...this.#subscriptions.values()]) this.#end(subscription);
      return {};
    }
    const subscription = this.#subscriptions.get(Number(named));
    if (!subscription) throw doorErrors.mandatoryParameter('subscriptionId');
    this.#end(subscription);
    return {};
  }

  #push(subscription: Subscription, eventJson: string): void {
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.close(1008, 'client too slow');
      return;
    }
    this.#send(eventFrame(subscription.id, eventJson));
  }

  /** Ends a subscription the client did not end itself, telling it as Binance does. */
  #terminate(subscription: Subscription): void {
    this.#end(subscription);
    const event = JSON.stringify({ e: 'eventStreamTerminated', E: this.options.now() });
    this.#send(eventFrame(subscription.id, event));
  }

  #end(subscription: Subscription): void {
    this.#subscriptions.delete(subscription.id);
    this.options.events.detach(subscription);
  }

  #send(frame: string): void {
    if (!this.#closed) this.socket.send(frame);
  }

  #forget(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const subscription of [...this.#subscriptions.values()]) this.#end(subscription);
    this.options.closed(this);
  }
}
