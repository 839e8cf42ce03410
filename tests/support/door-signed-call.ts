// A signed call on the Binance-compatible door (docs/api-binance.md) as a bot without ccxt sends
// it: the parameters and a timestamp signed with the key's secret, the key in `X-MBX-APIKEY`.
// Kept apart from door-client.ts, which loads ccxt, so the orders bench can sign with it too
// without loading ccxt into the process it measures.
import { z } from 'zod';
import { signTotalParams } from '../../server/binance/signature.ts';
import { randomClientAddress } from './api-client.ts';

export interface SigningKey {
  apiKey: string;
  secret: string;
}

/** `params` and `timestamp` form-encoded, with their signature last: what a signed call sends. */
export function signedParams(
  secret: string,
  params: Record<string, string>,
  timestamp: number = Date.now(),
): string {
  const total = new URLSearchParams({ ...params, timestamp: String(timestamp) }).toString();
  return `${total}&signature=${signTotalParams(secret, total)}`;
}

export interface SignedCallOptions {
  /** Parameters in the form body rather than the query string; a POST's are, as ccxt sends them. */
  asBody?: boolean;
  /** The caller's address (X-Forwarded-For); a fresh one by default, so no case shares weights. */
  address?: string;
  /** The signed timestamp; a server on a manual clock needs its own time, not the wall clock's. */
  timestamp?: number;
}

export interface SignedAnswer {
  status: number;
  body: Record<string, unknown>;
}

// Every answer these calls read, a refusal included, is one JSON object.
const answerBody = z.record(z.string(), z.unknown());

/** Sends `params`, signed with `key`, to `path` on the door at `url`. */
export async function signedCall(
  url: string,
  key: SigningKey,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: Record<string, string>,
  options: SignedCallOptions = {},
): Promise<SignedAnswer> {
  const signed = signedParams(key.secret, params, options.timestamp);
  const inBody = options.asBody ?? method === 'POST';
  const response = await fetch(`${url}${path}${inBody ? '' : `?${signed}`}`, {
    method,
    headers: {
      'x-mbx-apikey': key.apiKey,
      'x-forwarded-for': options.address ?? randomClientAddress(),
      ...(inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(inBody ? { body: signed } : {}),
  });
  return { status: response.status, body: answerBody.parse(await response.json()) };
}
