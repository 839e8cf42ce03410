// Binance spot's public market-data formats, as published: the combined stream's trade and diff
// depth events, and the REST depth snapshot. Anything else on the stream is refused here.
import { z } from 'zod';
import { decimalText } from '../../settings-fields.ts';
import type { FeedLevel } from '../feed.ts';

const decimal = decimalText(18);
const level = z.tuple([decimal, decimal]);
const updateId = z.number().int().nonnegative();
const time = z.number().int().nonnegative();

export const tradeEventSchema = z.object({
  e: z.literal('trade'),
  E: time,
  s: z.string(),
  t: z.number().int(),
  p: decimal,
  q: decimal,
  T: time,
  /** The buyer was the maker: the taker sold. */
  m: z.boolean(),
});

export const depthEventSchema = z.object({
  e: z.literal('depthUpdate'),
  E: time,
  s: z.string(),
  /** First and last update id the event covers. */
  U: updateId,
  u: updateId,
  b: z.array(level),
  a: z.array(level),
});

export const streamMessageSchema = z.object({
  stream: z.string(),
  data: z.discriminatedUnion('e', [tradeEventSchema, depthEventSchema]),
});

export const depthSnapshotSchema = z.object({
  lastUpdateId: updateId,
  bids: z.array(level),
  asks: z.array(level),
});

export type TradeEvent = z.infer<typeof tradeEventSchema>;
export type DepthEvent = z.infer<typeof depthEventSchema>;
export type DepthSnapshot = z.infer<typeof depthSnapshotSchema>;

/** One frame of the combined stream, or why it was refused. */
export function parseStreamMessage(
  text: string,
): { ok: true; event: TradeEvent | DepthEvent } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = streamMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, event: parsed.data.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}

/** Binance pads to eight decimals ("97000.12000000"); the same number without the padding. */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

export function trimLevels(levels: readonly (readonly [string, string])[]): FeedLevel[] {
  return levels.map(([price, quantity]) => [trimDecimal(price), trimDecimal(quantity)]);
}

/** The combined-stream URL for the symbols' trades and 100 ms diff depth. */
export function streamUrl(wsUrl: string, symbols: readonly string[]): string {
  const streams = symbols.flatMap((symbol) => {
    const name = symbol.toLowerCase();
    return [`${name}@trade`, `${name}@depth@100ms`];
  });
  return `${wsUrl.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
}

/** The REST depth snapshot URL: the deepest book the endpoint gives. */
export function snapshotUrl(restUrl: string, symbol: string, limit = 1000): string {
  return `${restUrl.replace(/\/+$/, '')}/api/v3/depth?symbol=${symbol}&limit=${limit}`;
}
