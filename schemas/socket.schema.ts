// Market socket frames (design.md §6): what the client sends and what the server answers. The
// channels and the data each carries are in channels.ts.
import { z } from 'zod';
import { channelSchema } from './channels.ts';

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
/** A channel's frame; its `data` is checked against the channel's schema where it is read. */
export const dataFrameSchema = z.object({
  channel: z.string(),
  seq: z.number().int(),
  ts: z.number(),
  data: z.unknown(),
});

export const serverFrameSchema = z.union([pongFrameSchema, errorFrameSchema, dataFrameSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type DataFrame = z.infer<typeof dataFrameSchema>;
