// A Binance request's parameters, read from its raw query string and raw form body, and the
// `totalParams` its signature covers. Binance lets a POST, PUT or DELETE mix both; a parameter
// sent in both is read from the query string.
//
// One rule stricter than Binance: every non-empty `&`-separated part must be one `key=value` pair
// (a single `=`, values percent-encoded as every client does). The signature covers the query and
// the body joined with nothing between them, so without this rule whoever held a signed request
// could move the boundary inside a pair (`quantity=1` + `0&…` signs as `quantity=10&…`) and have
// different parameters read under the same signature.

export type ParamsProblem =
  | { kind: 'malformed'; part: string }
  | { kind: 'duplicate'; name: string }
  | { kind: 'signature_not_last' };

export interface RequestParams {
  /** Every parameter but `signature`, query string first. */
  params: Record<string, string>;
  /** The `signature` sent, if any. */
  signature: string | undefined;
  /** What the signature covers: the query string then the body, each without `signature=…`. */
  totalParams: string;
}

const signatureName = 'signature';

interface Part {
  pairs: [string, string][];
  /** The raw text without its `signature` pair. */
  unsigned: string;
  signature: string | undefined;
}

export function readRequestParams(
  rawQuery: string,
  rawBody: string,
): RequestParams | ParamsProblem {
  const query = readPart(rawQuery);
  if ('kind' in query) return query;
  const body = readPart(rawBody);
  if ('kind' in body) return body;
  if (query.signature !== undefined && body.signature !== undefined) {
    return { kind: 'duplicate', name: signatureName };
  }
  const params: Record<string, string> = {};
  // The body first, so that the query string's value of a name sent in both wins.
  for (const [name, value] of body.pairs) params[name] = value;
  for (const [name, value] of query.pairs) params[name] = value;
  return {
    params,
    signature: query.signature ?? body.signature,
    totalParams: query.unsigned + body.unsigned,
  };
}

function readPart(raw: string): Part | ParamsProblem {
  const segments = raw.split('&');
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  const kept: string[] = [];
  let signature: string | undefined;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] ?? '';
    if (segment === '') {
      kept.push(segment);
      continue;
    }
    const equals = segment.indexOf('=');
    if (equals <= 0 || segment.indexOf('=', equals + 1) !== -1) {
      return { kind: 'malformed', part: segment };
    }
    const name = decode(segment.slice(0, equals));
    const value = decode(segment.slice(equals + 1));
    if (name === undefined || value === undefined) return { kind: 'malformed', part: segment };
    if (seen.has(name)) return { kind: 'duplicate', name };
    seen.add(name);
    if (name === signatureName) {
      // Binance: the signature is the end of the query string or of the body.
      if (segments.slice(index + 1).some((rest) => rest !== '')) {
        return { kind: 'signature_not_last' };
      }
      // `a=1&signature=…` signs `a=1`: the `&` before it goes with the signature.
      signature = value;
      break;
    }
    kept.push(segment);
    pairs.push([name, value]);
  }
  return { pairs, unsigned: kept.join('&'), signature };
}

/** A form component decoded (`+` is a space), or undefined when its escapes are broken. */
function decode(component: string): string | undefined {
  // Most components (names, digits, ids) hold neither: nothing to decode.
  if (!component.includes('%') && !component.includes('+')) return component;
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
