// Binance's error answer, `{ code, msg }` with a negative code, and the HTTP status Binance sends
// it with: 400 for a request the client got wrong, 401 for a key that is refused, 429 over the
// request weight, 418 while an address is banned, 5XX when the exchange failed (the call's outcome
// is then unknown to the client). Product adapters turn the app's business errors into these with
// `binanceErrorOf`.
import type { ErrorName } from '../../schemas/errors.ts';
import { localize } from '../../schemas/messages/index.ts';

export class BinanceError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 400,
    /** Headers the answer carries besides the door's own (`Retry-After`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = 'BinanceError';
  }

  /** The body Binance answers: nothing but the code and the message. */
  get body(): { code: number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

/** Binance's codes used by the door, under Binance's own names. */
export const binanceCodes = {
  UNKNOWN: -1000,
  DISCONNECTED: -1001,
  UNAUTHORIZED: -1002,
  TOO_MANY_REQUESTS: -1003,
  UNSUPPORTED_OPERATION: -1020,
  INVALID_TIMESTAMP: -1021,
  INVALID_SIGNATURE: -1022,
  ILLEGAL_CHARS: -1100,
  TOO_MANY_PARAMETERS: -1101,
  MANDATORY_PARAM_EMPTY_OR_MALFORMED: -1102,
  UNREAD_PARAMETERS: -1104,
  BAD_INTERVAL: -1120,
  BAD_SYMBOL: -1121,
  BAD_RECV_WINDOW: -1131,
  INVALID_LISTEN_KEY: -1125,
  FILTER_FAILURE: -1013,
  NEW_ORDER_REJECTED: -2010,
  CANCEL_REJECTED: -2011,
  NO_SUCH_ORDER: -2013,
  BAD_API_KEY_FMT: -2014,
  REJECTED_MBX_KEY: -2015,
  MARGIN_INSUFFICIENT: -2019,
} as const;

const c = binanceCodes;

/** The refusals the door itself answers, with Binance's words. */
export const doorErrors = {
  unknown: () =>
    new BinanceError(c.UNKNOWN, 'An unknown error occurred while processing the request.', 500),
  unavailable: () =>
    new BinanceError(
      c.DISCONNECTED,
      'Internal error; unable to process your request. Please try again.',
      503,
    ),
  unauthorized: () =>
    new BinanceError(c.UNAUTHORIZED, 'You are not authorized to execute this request.', 401),
  unsupported: (status: 404 | 405) =>
    new BinanceError(c.UNSUPPORTED_OPERATION, 'This operation is not supported.', status),
  timestampOutsideWindow: () =>
    new BinanceError(
      c.INVALID_TIMESTAMP,
      'Timestamp for this request is outside of the recvWindow.',
    ),
  timestampAhead: () =>
    new BinanceError(
      c.INVALID_TIMESTAMP,
      "Timestamp for this request was 1000ms ahead of the server's time.",
    ),
  badSignature: () =>
    new BinanceError(c.INVALID_SIGNATURE, 'Signature for this request is not valid.'),
  illegalChars: (part?: string) =>
    new BinanceError(
      c.ILLEGAL_CHARS,
      part === undefined
        ? 'Illegal characters found in a parameter.'
        : `Illegal characters found in parameter '${part}'.`,
    ),
  duplicateParameter: () =>
    new BinanceError(c.TOO_MANY_PARAMETERS, 'Duplicate values for a parameter detected.'),
  mandatoryParameter: (name: string) =>
    new BinanceError(
      c.MANDATORY_PARAM_EMPTY_OR_MALFORMED,
      `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
    ),
  unreadParameters: () =>
    new BinanceError(c.UNREAD_PARAMETERS, 'Not all sent parameters were read.'),
  badRecvWindow: () => new BinanceError(c.BAD_RECV_WINDOW, 'recvWindow must be less than 60000.'),
  badApiKeyFormat: () => new BinanceError(c.BAD_API_KEY_FMT, 'API-key format invalid.', 401),
  rejectedKey: () =>
    new BinanceError(c.REJECTED_MBX_KEY, 'Invalid API-key, IP, or permissions for action.', 401),
  tooMuchWeight: (limit: number, retryAfterSeconds: number) =>
    new BinanceError(
      c.TOO_MANY_REQUESTS,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      429,
      { 'retry-after': String(retryAfterSeconds) },
    ),
  badInterval: () => new BinanceError(c.BAD_INTERVAL, 'Invalid interval.'),
  unknownListenKey: () => new BinanceError(c.INVALID_LISTEN_KEY, 'This listenKey does not exist.'),
  tooManyStreams: (limit: number) =>
    new BinanceError(
      c.TOO_MANY_REQUESTS,
      `Too many user data streams open; the limit is ${limit} per user on one server.`,
      429,
    ),
  banned: (untilMs: number, retryAfterSeconds: number) =>
    new BinanceError(
      c.TOO_MANY_REQUESTS,
      `Way too much request weight used; IP banned until ${untilMs}. Please use WebSocket Streams for live updates to avoid bans.`,
      418,
      { 'retry-after': String(retryAfterSeconds) },
    ),
};

/** What the refused call was: Binance tells a refused order from a refused cancel. */
export type CallKind = 'order' | 'cancel' | 'other';

const filterOf: Partial<Record<ErrorName, string>> = {
  price_off_tick: 'PRICE_FILTER',
  price_out_of_range: 'PRICE_FILTER',
  quantity_off_lot: 'LOT_SIZE',
  quantity_too_large: 'LOT_SIZE',
  below_min_notional: 'NOTIONAL',
  price_outside_band: 'PERCENT_PRICE_BY_SIDE',
};

/**
 * The Binance error for one of the app's business errors. The names Binance has a code of its own
 * for map to it with Binance's words; any other becomes the generic refusal of the call (-2010 for
 * an order, -2011 for a cancel, -1000 otherwise) with the app's English message, so a bot's log
 * still says why.
 */
export function binanceErrorOf(
  name: ErrorName,
  context: { kind?: CallKind; field?: string } = {},
): BinanceError {
  const { kind = 'other', field } = context;
  const filter = filterOf[name];
  if (filter !== undefined) return new BinanceError(c.FILTER_FAILURE, `Filter failure: ${filter}`);
  switch (name) {
    case 'balance_insufficient':
      return new BinanceError(
        c.NEW_ORDER_REJECTED,
        'Account has insufficient balance for requested action.',
      );
    case 'margin_insufficient':
      return new BinanceError(c.MARGIN_INSUFFICIENT, 'Margin is insufficient.');
    case 'order_not_found':
    case 'order_not_open':
      return kind === 'cancel'
        ? new BinanceError(c.CANCEL_REJECTED, 'Unknown order sent.')
        : new BinanceError(c.NO_SUCH_ORDER, 'Order does not exist.');
    case 'market_unknown':
      return new BinanceError(c.BAD_SYMBOL, 'Invalid symbol.');
    case 'field_required':
      return field === undefined ? doorErrors.illegalChars() : doorErrors.mandatoryParameter(field);
    case 'field_invalid':
    case 'field_too_long':
    case 'field_not_applicable':
    case 'invalid_request':
      return doorErrors.illegalChars(field);
    case 'rate_limited':
      return new BinanceError(c.TOO_MANY_REQUESTS, localize('en', name), 429);
    case 'engine_unavailable':
      return doorErrors.unavailable();
    case 'server_error':
      return doorErrors.unknown();
    default: {
      const message = localize('en', name);
      if (kind === 'order') return new BinanceError(c.NEW_ORDER_REJECTED, message);
      if (kind === 'cancel') return new BinanceError(c.CANCEL_REJECTED, message);
      return new BinanceError(c.UNKNOWN, message);
    }
  }
}
