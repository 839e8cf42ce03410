// Binds the door's endpoints (docs/api-binance.md): full Binance paths (`/api/v3/…`, `/fapi/v1/…`),
// outside the app's envelope, error handler, 404 and rate limit. Each answer is Binance's: plain
// JSON, or `{code, msg}` with Binance's HTTP status, and `X-MBX-USED-WEIGHT-1M` on every one.
//
// A request is, in order: counted against its address's weight (429 / 418 before anything is
// read), its raw query string and body read into parameters, its key, allowlist, scope, time and
// signature checked (keyed endpoints), its parameters parsed with the endpoint's schema, and only
// then handed to the handler. Every refusal before the handler changes nothing.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BusinessError } from '../http/business-error.ts';
import { keepRawBody, rawBodyOf } from '../http/raw-bodies.ts';
import { BinanceError, binanceErrorOf, type CallKind, doorErrors } from './errors.ts';
import { type ParamsProblem, type RequestParams, readRequestParams } from './request-params.ts';
import {
  checkKeyedRequest,
  type DoorKey,
  type SecurityType,
  securityParams,
} from './signed-request.ts';
import { type WeightLimiter, weightRefusal } from './weights.ts';

interface EndpointBase<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The full path, as Binance spells it: `/api/v3/order`. */
  path: string;
  /** What one call counts against the address's weight a minute (Binance's own weight). */
  weight: number;
  /**
   * Binance's weight where the parameters set it (a deeper book, every symbol at once), at least
   * `weight`: the rest is counted once they are read, and refused as any weight is.
   */
  weightOf?(params: z.output<S>): number;
  /** The endpoint's parameters, all sent as text; `timestamp` and `recvWindow` are the door's. */
  params: S;
  /** How a business refusal is worded: an order's (-2010), a cancel's (-2011), or another. */
  kind?: CallKind;
}

export interface PublicEndpoint<S extends z.ZodType = z.ZodType> extends EndpointBase<S> {
  security: 'NONE';
}

export interface KeyedEndpoint<S extends z.ZodType = z.ZodType> extends EndpointBase<S> {
  security: Exclude<SecurityType, 'NONE'>;
  /** The scope the key must hold: `read`, or the one the endpoint's module declares (`keyScope`). */
  scope: string;
}

export type BinanceEndpoint<S extends z.ZodType = z.ZodType> = PublicEndpoint<S> | KeyedEndpoint<S>;

/** The key a keyed call was made with, without its secret. */
export type CallingKey = Omit<DoorKey, 'secret'>;

export interface PublicCall<P> {
  params: P;
  request: FastifyRequest;
}

export interface KeyedCall<P> extends PublicCall<P> {
  userId: number;
  apiKey: CallingKey;
}

type ParamsOf<E> = E extends BinanceEndpoint<infer S> ? z.output<S> : never;
export type CallOf<E> = E extends KeyedEndpoint ? KeyedCall<ParamsOf<E>> : PublicCall<ParamsOf<E>>;
/** A handler's answer is sent as it is: Binance's JSON, no envelope. */
export type BinanceHandler<E> = (call: CallOf<E>) => Promise<unknown>;

export interface BinanceRouter {
  add<E extends BinanceEndpoint>(definition: E, handler: BinanceHandler<E>): void;
  /** Paths served, to tell a wrong method from an unknown path. */
  readonly paths: ReadonlySet<string>;
}

export interface BinanceRouterDeps {
  weights: WeightLimiter;
  /** The live key named `apiKey`, its secret opened; null when there is none. */
  resolveKey(apiKey: string): Promise<DoorKey | null>;
  /** The server's time, ms. */
  now(): number;
}

export const usedWeightHeader = 'x-mbx-used-weight-1m';
/** The door's answers hold keys' users' data or prices of the moment: no cache keeps any. */
const cacheControl = 'no-store';

export function createBinanceRouter(app: FastifyInstance, deps: BinanceRouterDeps): BinanceRouter {
  const paths = new Set<string>();
  const prefixes = new Set<string>();

  function coverPrefix(path: string): void {
    // `/api/v3`, `/fapi/v1`: a path under it that is not served is answered by the door, not the app.
    const prefix = path.split('/').slice(0, 3).join('/');
    if (prefixes.has(prefix)) return;
    prefixes.add(prefix);
    app.register(
      async (scope) => {
        scope.setNotFoundHandler((request, reply) => {
          // Counted as a call of weight 1: probing for paths is no way around the weights.
          const refusal = spendWeight(request, reply, 1);
          if (refusal) return sendBinanceError(reply, refusal);
          const pathname = request.url.split('?', 1)[0] ?? '';
          return sendBinanceError(reply, doorErrors.unsupported(paths.has(pathname) ? 405 : 404));
        });
      },
      { prefix },
    );
  }

  /** Counts the request and sets the weight header; the refusal when it does not fit. */
  function spendWeight(
    request: FastifyRequest,
    reply: FastifyReply,
    weight: number,
  ): BinanceError | undefined {
    const verdict = deps.weights.spend(clientAddress(request), weight);
    reply.header(usedWeightHeader, String(verdict.used));
    return weightRefusal(verdict, deps.weights.limit);
  }

  return {
    paths,
    add(definition, handler) {
      paths.add(definition.path);
      coverPrefix(definition.path);
      app.route({
        method: definition.method,
        url: definition.path,
        // Counted by the door's weights instead of the app's rate limit.
        config: { rateLimit: false },
        onRequest: async (request, reply) => {
          const refusal = spendWeight(request, reply, definition.weight);
          if (refusal) return sendBinanceError(reply, refusal);
        },
        preParsing: async (request, _reply, payload) => {
          const raw = await readWhole(payload, request.routeOptions.bodyLimit);
          keepRawBody(request, raw.toString('utf8'));
          // The body parser still reads it (it checks the length and type as for any call).
          return Object.assign(replay(raw), { receivedEncodedLength: raw.length });
        },
        errorHandler: (error, request, reply) => {
          sendBinanceError(reply, errorToBinance(error, request, definition.kind));
        },
        handler: async (request, reply) => {
          const read = readParams(request);
          const key =
            definition.security === 'NONE'
              ? null
              : await checkKeyedRequest(
                  {
                    apiKeyHeader: request.headers['x-mbx-apikey'],
                    ip: clientAddress(request),
                    read,
                    security: definition.security,
                    scope: definition.scope,
                    now: deps.now(),
                  },
                  deps.resolveKey,
                );
          const params = parseParams(definition.params, read.params);
          const more = (definition.weightOf?.(params) ?? definition.weight) - definition.weight;
          const refusal = more > 0 ? spendWeight(request, reply, more) : undefined;
          if (refusal) throw refusal;
          const call = key
            ? { params, request, userId: key.userId, apiKey: withoutSecret(key) }
            : { params, request };
          // `add` is generic over every endpoint: TypeScript resolves neither a generic schema's
          // output nor the conditional call type inside it, though each holds per definition.
          const answer = await handler(call as CallOf<typeof definition>);
          return reply.code(200).header('cache-control', cacheControl).send(answer);
        },
      });
    },
  };
}

export function sendBinanceError(reply: FastifyReply, error: BinanceError): FastifyReply {
  return reply
    .code(error.httpStatus)
    .headers({ ...error.headers, 'cache-control': cacheControl })
    .send(error.body);
}

function readParams(request: FastifyRequest): RequestParams {
  const at = request.url.indexOf('?');
  const query = at === -1 ? '' : request.url.slice(at + 1);
  const read = readRequestParams(query, rawBodyOf(request) ?? '');
  if ('params' in read) return read;
  throw problemToError(read);
}

function problemToError(problem: ParamsProblem): BinanceError {
  if (problem.kind === 'duplicate') return doorErrors.duplicateParameter();
  if (problem.kind === 'signature_not_last') return doorErrors.illegalChars('signature');
  return doorErrors.illegalChars();
}

const doorParams: ReadonlySet<string> = new Set(securityParams);

/** The endpoint's own parameters: the door's (`timestamp`, `recvWindow`) taken out first. */
function parseParams<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const own: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    if (!doorParams.has(name)) own[name] = raw[name] ?? '';
  }
  const result = z.safeParse(schema, own);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') return throwError(doorErrors.unreadParameters());
  const name = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  if (name === undefined) return throwError(doorErrors.illegalChars());
  const sent = own[name];
  return throwError(
    sent === undefined || sent === ''
      ? doorErrors.mandatoryParameter(name)
      : doorErrors.illegalChars(name),
  );
}

function throwError(error: BinanceError): never {
  throw error;
}

function withoutSecret(key: DoorKey): CallingKey {
  const { secret: _secret, ...rest } = key;
  return rest;
}

/** Any failure as Binance's error: the door's own, a business refusal, Fastify's, or a fault. */
function errorToBinance(error: unknown, request: FastifyRequest, kind?: CallKind): BinanceError {
  if (error instanceof BinanceError) return error;
  if (error instanceof BusinessError) {
    const field = error.params.field;
    return binanceErrorOf(error.errorName, {
      ...(kind ? { kind } : {}),
      ...(typeof field === 'string' ? { field } : {}),
    });
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ status }, 'door request refused');
    return new BinanceError(doorErrors.illegalChars().code, doorErrors.illegalChars().msg, status);
  }
  request.log.error({ err: error }, 'door request failed');
  return doorErrors.unknown();
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/**
 * The caller's address, worked out once a request: with a trusted proxy Fastify reads it from the
 * forwarded headers again at every `request.ip`, and the door asks twice (weights, allowlist).
 */
const clientAddresses = new WeakMap<FastifyRequest, string>();

function clientAddress(request: FastifyRequest): string {
  let ip = clientAddresses.get(request);
  if (ip === undefined) {
    ip = request.ip;
    clientAddresses.set(request, ip);
  }
  return ip;
}

/**
 * The whole body, refused with 413 past `limit` bytes before more is read. Read with the stream's
 * events rather than `for await`: the same bytes without an async iterator for every call.
 */
function readWhole(payload: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      payload.off('close', onClose);
    };
    function onData(chunk: unknown) {
      const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk));
      length += bytes.length;
      if (length > limit) {
        // The rest of the body flows past unread, as after Fastify's own refusal of a large one.
        stop();
        reject(Object.assign(new Error('body too large'), { statusCode: 413 }));
        return;
      }
      chunks.push(bytes);
    }
    function onEnd() {
      stop();
      // A copy: what is kept must not be a view of the socket's buffers.
      resolve(Buffer.concat(chunks, length));
    }
    function onError(error: unknown) {
      stop();
      reject(error);
    }
    function onClose() {
      stop();
      reject(Object.assign(new Error('body cut short'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('close', onClose);
  });
}

/** `raw` as a stream again, for the body parser: one chunk, then the end. */
function replay(raw: Buffer): Readable {
  const stream = new Readable({ read() {} });
  stream.push(raw);
  stream.push(null);
  return stream;
}
