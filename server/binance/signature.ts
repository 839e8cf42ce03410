// The signature of a signed request, as Binance defines it: HMAC-SHA256, keyed with the API key's
// secret, over `totalParams`, the query string followed directly by the body (no separator), both
// without the `signature` pair itself; written in hex, whose case does not matter.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hex signature of `totalParams` under `secret`. */
export function signTotalParams(secret: string, totalParams: string): string {
  return createHmac('sha256', secret).update(totalParams, 'utf8').digest('hex');
}

const hexSignature = /^[0-9a-fA-F]{64}$/;

/**
 * Whether `signature` is the signature of `totalParams` under `secret`. The comparison takes the
 * same time wherever the two first differ, so a caller cannot find a valid signature byte by byte.
 */
export function signatureMatches(secret: string, totalParams: string, signature: string): boolean {
  if (!hexSignature.test(signature)) return false;
  // The digest's bytes against the sent hex's bytes: no hex text made to be read back.
  const expected = createHmac('sha256', secret).update(totalParams, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
