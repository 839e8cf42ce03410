// Market socket frames (design.md §6): what the client sends, what the server answers, and the
// data each public channel carries.
import { z } from 'zod';
import { candleRowSchema, levelSchema, tradeRowSchema } from './api/market.schema.ts';

/** Public `ticker.BTCUSDT`, `trades.BTCUSDT`, `depth.BTCUSDT`, `kline.BTCUSDT.1m`; private ones after auth. */
export const channelSchema = z
  .string()
  .regex(
    /^((ticker|trades|depth)\.[A-Z0-9]{2,12}USDT|kline\.[A-Z0-9]{2,12}USDT\.(1m|5m|15m|30m|1h|4h|1d)|orders|balances|positions|options|support)$/,
  );

/** Channels one connection may hold at once. */
export const maxChannelsPerConnection = 100;

export const clientFrameSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), channels: z.array(channelSchema).min(1).max(50) }),
  z.object({ op: z.literal('unsub'), channels: z.array(channelSchema).min(1).max(50) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** The server's heartbeat; the client answers it with `{op: 'ping'}` (spec §7). */
export const pongFrameSchema = z.object({ op: z.literal('pong'), ts: z.number() });
/** A refused frame: the numeric code of the error catalogue, its message in the socket's language. */
export const errorFrameSchema = z.object({
  op: z.literal('error'),
  code: z.number().int(),
  msg: z.string(),
  channel: z.string().optional(),
});
export const dataFrameSchema = z.object({
  channel: z.string(),
  seq: z.number().int(),
  ts: z.number(),
  data: z.unknown(),
});

export const serverFrameSchema = z.union([pongFrameSchema, errorFrameSchema, dataFrameSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type DataFrame = z.infer<typeof dataFrameSchema>;

/** `ticker.*`: the 24 h ticker, sent at most every ~100 ms and only when it changed. */
export { type TickerData, tickerDataSchema } from './api/market.schema.ts';

/** `trades.*`: the trades since the previous frame, oldest first. */
export const tradesDataSchema = z.array(tradeRowSchema);

/** `kline.*.*`: the candles that changed since the previous frame (the open one, and the one just closed). */
export const klineDataSchema = z.array(candleRowSchema);

/**
 * `depth.*`: a snapshot on subscribing, then diffs. A diff applies to the book whose version is
 * `prev`; a client whose version differs missed one and subscribes again for a fresh snapshot.
 * The frame's `seq` is the book's version after the frame.
 */
export const depthDataSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  }),
  z.object({
    type: z.literal('diff'),
    prev: z.number().int(),
    bids: z.array(levelSchema),
    asks: z.array(levelSchema),
  }),
]);
export type DepthData = z.infer<typeof depthDataSchema>;
