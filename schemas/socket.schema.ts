// Market socket frames (design.md §6): what the client sends and what the server answers.
import { z } from 'zod';

/** Public `ticker.BTCUSDT`, `trades.BTCUSDT`, `depth.BTCUSDT`, `kline.BTCUSDT.1m`; private ones after auth. */
export const channelSchema = z
  .string()
  .regex(
    /^((ticker|trades|depth)\.[A-Z0-9]{2,12}USDT|kline\.[A-Z0-9]{2,12}USDT\.(1m|5m|15m|30m|1h|4h|1d)|orders|balances|positions|options|support)$/,
  );

export const clientFrameSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), channels: z.array(channelSchema).min(1).max(50) }),
  z.object({ op: z.literal('unsub'), channels: z.array(channelSchema).min(1).max(50) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** The server's heartbeat; the client answers it with `{op: 'ping'}` (spec §7). */
export const pongFrameSchema = z.object({ op: z.literal('pong'), ts: z.number() });
export const errorFrameSchema = z.object({ op: z.literal('error'), msg: z.string() });
export const dataFrameSchema = z.object({
  channel: z.string(),
  seq: z.number().int(),
  ts: z.number(),
  data: z.unknown(),
});

export const serverFrameSchema = z.union([pongFrameSchema, errorFrameSchema, dataFrameSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type DataFrame = z.infer<typeof dataFrameSchema>;
