// The checks a keyed request passes before its handler runs, in Binance's terms: the key in
// `X-MBX-APIKEY` (-2014 when it cannot be a key, -2015 when no live key has it), the key's IP
// allowlist and scopes (-2015, the same words, so a caller learns nothing of which failed), then
// for a signed call the time window (-1021) and the signature over the raw parameters (-1022).
// A refusal is thrown as a BinanceError; nothing is written either way.
import { doorErrors } from './errors.ts';
import { ipAllowed } from './ip-allowlist.ts';
import type { RequestParams } from './request-params.ts';
import { signatureMatches } from './signature.ts';

/** Binance's security types: NONE is public; USER_STREAM takes the key but no signature. */
export type SecurityType = 'NONE' | 'USER_DATA' | 'TRADE' | 'USER_STREAM';

/** A live API key as the door needs it (server/security/api-key-store.ts resolves it). */
export interface DoorKey {
  id: number;
  userId: number;
  apiKey: string;
  secret: string;
  scopes: ReadonlySet<string>;
  ipAllowlist: readonly string[];
}

export interface KeyedRequest {
  /** The `X-MBX-APIKEY` header, as sent. */
  apiKeyHeader: string | string[] | undefined;
  ip: string;
  read: RequestParams;
  security: Exclude<SecurityType, 'NONE'>;
  /** The scope the key must hold. */
  scope: string;
  /** The server's time, ms. */
  now: number;
}

/** Binance's default window, and the largest it accepts. */
export const defaultRecvWindowMs = 5_000;
export const maxRecvWindowMs = 60_000;
/** How far ahead of the server's clock a timestamp may be, as on Binance. */
export const aheadToleranceMs = 1_000;

/** Keys are 64 letters and digits (server/security/api-key-store.ts). */
const keyFormat = /^[A-Za-z0-9]{64}$/;
const integerMs = /^\d{1,15}$/;
/** Parameters the door reads itself: an endpoint's own schema never sees them. */
export const securityParams = ['timestamp', 'recvWindow'] as const;

/** The live key the request is made with, once every check passed. */
export async function checkKeyedRequest(
  request: KeyedRequest,
  resolve: (apiKey: string) => Promise<DoorKey | null>,
): Promise<DoorKey> {
  const header = request.apiKeyHeader;
  if (typeof header !== 'string' || !keyFormat.test(header)) throw doorErrors.badApiKeyFormat();
  const key = await resolve(header);
  if (!key) throw doorErrors.rejectedKey();
  if (!ipAllowed(request.ip, key.ipAllowlist)) throw doorErrors.rejectedKey();
  if (!key.scopes.has(request.scope)) throw doorErrors.rejectedKey();
  if (request.security !== 'USER_STREAM') checkSigned(request, key.secret);
  return key;
}

function checkSigned(request: KeyedRequest, secret: string): void {
  const { params, signature, totalParams } = request.read;
  checkTimestamp(params.timestamp, params.recvWindow, request.now);
  if (signature === undefined || signature === '') throw doorErrors.mandatoryParameter('signature');
  if (!signatureMatches(secret, totalParams, signature)) throw doorErrors.badSignature();
}

/** Binance's rule: `timestamp < now + 1000` and `now - timestamp <= recvWindow`. */
export function checkTimestamp(
  timestampText: string | undefined,
  recvWindowText: string | undefined,
  now: number,
): void {
  if (timestampText === undefined || !integerMs.test(timestampText)) {
    throw doorErrors.mandatoryParameter('timestamp');
  }
  let recvWindow = defaultRecvWindowMs;
  if (recvWindowText !== undefined) {
    recvWindow = integerMs.test(recvWindowText) ? Number(recvWindowText) : Number.NaN;
    if (!(recvWindow > 0 && recvWindow <= maxRecvWindowMs)) throw doorErrors.badRecvWindow();
  }
  const timestamp = Number(timestampText);
  if (timestamp >= now + aheadToleranceMs) throw doorErrors.timestampAhead();
  if (now - timestamp > recvWindow) throw doorErrors.timestampOutsideWindow();
}
