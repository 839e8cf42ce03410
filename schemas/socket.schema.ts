// Market socket frames (docs/product.md §8): what the client sends and what the server answers. The
// channels and the data each carries are in channels.ts.
import { z } from 'zod/mini';
import { channelSchema } from './channels.ts';

/** Channels one connection may hold at once. */
export const maxChannelsPerConnection = 100;

export const clientFrameSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('sub'),
    channels: z.array(channelSchema).check(z.minLength(1), z.maxLength(50)),
  }),
  z.object({
    op: z.literal('unsub'),
    channels: z.array(channelSchema).check(z.minLength(1), z.maxLength(50)),
  }),
  z.object({ op: z.literal('auth'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** The server's heartbeat; the client answers it with `{op: 'ping'}` (docs/product.md §8). */
export const pongFrameSchema = z.object({ op: z.literal('pong'), ts: z.number() });
/** A refused frame: the numeric code of the error catalogue, its message in the socket's language. */
export const errorFrameSchema = z.object({
  op: z.literal('error'),
  code: z.int(),
  msg: z.string(),
  channel: z.optional(z.string()),
});
/** A channel's frame; its `data` is checked against the channel's schema where it is read. */
export const dataFrameSchema = z.object({
  channel: z.string(),
  seq: z.int(),
  ts: z.number(),
  data: z.unknown(),
});

export const serverFrameSchema = z.union([pongFrameSchema, errorFrameSchema, dataFrameSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type DataFrame = z.infer<typeof dataFrameSchema>;
