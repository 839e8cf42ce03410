// Checks of the socket's busiest frames written out by hand: tickers, books, trades and candles
// arrive by the thousand a second, and checking each with its zod schema cost about ten times
// parsing its JSON. Each guard accepts exactly what the channel's schema accepts and answers the
// same value the schema would (unknown keys dropped, fresh arrays), or null; a property test holds
// them to it (tests/property/frame-guards.test.ts). Rarer frames keep their schemas.
import type { ChannelAddress } from '../schemas/channels.ts';
import type { ServerFrame } from '../schemas/socket.schema.ts';

type Guard = (data: unknown) => unknown | null;

const decimal = /^-?\d+(\.\d+)?$/;
const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && decimal.test(value);
export const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ticker(data: unknown) {
  if (!isRecord(data)) return null;
  const { last, change_pct, high, low, volume, quote_volume, index, stale, feed } = data;
  if (
    !isDecimal(last) ||
    !isDecimal(change_pct) ||
    !isDecimal(high) ||
    !isDecimal(low) ||
    !isDecimal(volume) ||
    !isDecimal(quote_volume) ||
    !isDecimal(index) ||
    typeof stale !== 'boolean' ||
    typeof feed !== 'string'
  ) {
    return null;
  }
  return { last, change_pct, high, low, volume, quote_volume, index, stale, feed };
}

/** Every row through `row`, into a fresh array; null when one fails. */
function rows<T>(data: unknown, row: (value: unknown) => T | null): T[] | null {
  if (!Array.isArray(data)) return null;
  const out: T[] = new Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const checked = row(data[i]);
    if (checked === null) return null;
    out[i] = checked;
  }
  return out;
}

function level(value: unknown): [string, string] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [price, quantity] = value;
  return isDecimal(price) && isDecimal(quantity) ? [price, quantity] : null;
}

function trade(value: unknown): [string, string, 'buy' | 'sell', number] | null {
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [price, quantity, side, time] = value;
  return isDecimal(price) &&
    isDecimal(quantity) &&
    (side === 'buy' || side === 'sell') &&
    isInt(time)
    ? [price, quantity, side, time]
    : null;
}

function candle(value: unknown): [number, string, string, string, string, string] | null {
  if (!Array.isArray(value) || value.length !== 6) return null;
  const [time, open, high, low, close, volume] = value;
  return isInt(time) &&
    isDecimal(open) &&
    isDecimal(high) &&
    isDecimal(low) &&
    isDecimal(close) &&
    isDecimal(volume)
    ? [time, open, high, low, close, volume]
    : null;
}

function depth(data: unknown) {
  if (!isRecord(data)) return null;
  const bids = rows(data.bids, level);
  const asks = rows(data.asks, level);
  if (!bids || !asks) return null;
  if (data.type === 'snapshot') return { type: 'snapshot' as const, bids, asks };
  if (data.type === 'diff' && isInt(data.prev)) {
    return { type: 'diff' as const, prev: data.prev, bids, asks };
  }
  return null;
}

const trades = (data: unknown) => rows(data, trade);

/** The channels checked by hand, and their guards. */
export const frameGuards: Partial<Record<ChannelAddress['kind'], Guard>> = {
  ticker,
  depth,
  trades,
  kline: (data) => rows(data, candle),
  'contract-depth': depth,
  'contract-trades': trades,
  'perpetual-kline': (data) => rows(data, candle),
};

/**
 * A frame from the socket as `serverFrameSchema` reads it: a heartbeat, a refusal or a channel's
 * frame (its data checked later, by its channel); null for anything else.
 */
export function readServerFrame(value: unknown): ServerFrame | null {
  if (!isRecord(value)) return null;
  if (value.op === 'pong' && isNumber(value.ts)) return { op: 'pong', ts: value.ts };
  if (value.op === 'error' && isInt(value.code) && typeof value.msg === 'string') {
    if (value.channel === undefined) return { op: 'error', code: value.code, msg: value.msg };
    if (typeof value.channel === 'string') {
      return { op: 'error', code: value.code, msg: value.msg, channel: value.channel };
    }
  }
  if (
    typeof value.channel === 'string' &&
    isInt(value.seq) &&
    isNumber(value.ts) &&
    Object.hasOwn(value, 'data')
  ) {
    return { channel: value.channel, seq: value.seq, ts: value.ts, data: value.data };
  }
  return null;
}
