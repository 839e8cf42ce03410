// The wire of the door's WebSocket API (docs/api-binance.md § "WebSocket API (spot user data)"):
// a request `{id, method, params}`, Binance's answer `{id, status, result | error, rateLimits}`, an
// event `{subscriptionId, event}`, and the parameters a signed request signs. Binance signs a
// WebSocket API request over its parameters but `signature`, sorted by name and written
// `name=value` joined by `&`, unencoded.
import { z } from 'zod';
import { BinanceError, binanceCodes } from './errors.ts';
import type { RequestParams } from './request-params.ts';

/** Binance's request id: an integer, a string of at most 36 characters, or null. */
const requestId = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().max(36)])
  .nullable();
export type RequestId = z.infer<typeof requestId>;

const paramValue = z.union([z.string().max(1_000), z.number(), z.boolean()]);

export const wsApiRequest = z.object({
  id: requestId.default(null),
  method: z.string().max(100),
  params: z.record(z.string().max(100), paramValue).optional(),
});
export type WsApiRequest = z.infer<typeof wsApiRequest>;

/** The weight of each method, as Binance counts it; a method not here is unknown. */
export const methodWeights: Readonly<Record<string, number>> = {
  ping: 1,
  time: 1,
  'userDataStream.subscribe.signature': 2,
  'userDataStream.unsubscribe': 2,
};

/** What an answer says of the address's weight, as Binance adds to each. */
export interface UsedWeight {
  limit: number;
  used: number;
}

function rateLimits(weight: UsedWeight | undefined) {
  if (!weight) return {};
  return {
    rateLimits: [
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: weight.limit,
        count: weight.used,
      },
    ],
  };
}

export function resultFrame(
  id: RequestId,
  result: Record<string, unknown>,
  weight?: UsedWeight,
): string {
  return JSON.stringify({ id, status: 200, result, ...rateLimits(weight) });
}

export function errorFrame(id: RequestId, error: BinanceError, weight?: UsedWeight): string {
  return JSON.stringify({ id, status: error.httpStatus, error: error.body, ...rateLimits(weight) });
}

/** An event as a subscription sends it, from the event's JSON as the bus delivered it. */
export function eventFrame(subscriptionId: number, eventJson: string): string {
  return `{"subscriptionId":${subscriptionId},"event":${eventJson}}`;
}

/** The `id` of a request too broken to read otherwise, so its refusal can name it. */
export function idOf(raw: unknown): RequestId {
  const parsed = z.object({ id: requestId }).safeParse(raw);
  return parsed.success ? parsed.data.id : null;
}

/** Parameters a subscription request may carry: the key, the time window, the signature. */
const signedSubscribeParams = new Set(['apiKey', 'timestamp', 'recvWindow', 'signature']);

/**
 * A signed request's parameters as the door's checks read a REST call's (signed-request.ts): the
 * values as text, the signature apart, and what it signs. A parameter the method does not read is
 * refused, as Binance refuses one.
 */
export function readSignedParams(
  params: WsApiRequest['params'],
): RequestParams & { apiKey: string | undefined } {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (!signedSubscribeParams.has(name)) {
      throw new BinanceError(binanceCodes.UNREAD_PARAMETERS, 'Not all sent parameters were read.');
    }
    text[name] = String(value);
  }
  const { signature, ...signed } = text;
  const totalParams = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('&');
  return { params: signed, signature, totalParams, apiKey: signed.apiKey };
}

/** Binance's refusal of a method it does not have. */
export const unknownMethod = (method: string) =>
  new BinanceError(binanceCodes.ILLEGAL_CHARS, `Unknown method '${method.slice(0, 100)}'.`);

/** Binance's refusal of a request that is not JSON, or not a request. */
export const malformedRequest = () =>
  new BinanceError(
    binanceCodes.MANDATORY_PARAM_EMPTY_OR_MALFORMED,
    'Malformed request: a request is a JSON object of id, method and params.',
  );

/** A connection that sends faster than its own limit. */
export const tooManyRequests = (perSecond: number) =>
  new BinanceError(
    binanceCodes.TOO_MANY_REQUESTS,
    `Too many requests on this connection; the limit is ${perSecond} a second.`,
    429,
  );
