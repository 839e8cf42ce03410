// Which page a passkey was used from: the origin the browser wrote into clientDataJSON, taken only
// when the settings allow it (docs/security.md), and then handed to the library as the one expected.

import { fieldOf } from '../db/field-of.ts';
import { BusinessError } from '../http/business-error.ts';
import type { SecuritySettings } from './security-settings.ts';

/** Any port of localhost over http: development and tests, and only with the relying party localhost. */
const localhostOrigin = /^http:\/\/localhost(:\d{1,5})?$/;

/** The origin inside a base64url clientDataJSON, or undefined when it is not there to read. */
function originOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null) return undefined;
    const origin = fieldOf(data, 'origin');
    return typeof origin === 'string' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin a response was made on, if the settings allow it; refuses `passkey_invalid`
 * otherwise. The library then checks the response against exactly this origin.
 */
export function allowedOrigin(
  settings: Pick<SecuritySettings, 'rpId' | 'origins'>,
  clientDataJSON: string,
): string {
  const origin = originOf(clientDataJSON);
  const allowed =
    origin !== undefined &&
    (settings.origins === null
      ? settings.rpId === 'localhost' && localhostOrigin.test(origin)
      : settings.origins.includes(origin));
  if (!allowed) throw new BusinessError('passkey_invalid');
  return origin;
}
