// Users' own frames over the bus: whatever node changed a user's orders, balances or support
// conversation, the frame reaches the user's sockets on whichever node they are connected to.
// Every node hears every frame and its gateway keeps those of the users connected to it.
import { z } from 'zod';
import { isPrivateChannel, type PrivateChannel } from '../../schemas/channels.ts';
import type { PrivateStream } from '../gateway/streams.ts';
import type { Bus } from './bus.ts';
import { type BusLog, listen } from './bus-messages.ts';

export const privateSubject = 'private.frames';

/** The data is the channel's own, checked by the stream that made it; the bus checks the address. */
const privateFrame = z.object({
  userId: z.number().int().positive(),
  channel: z.custom<PrivateChannel>(
    (value) => typeof value === 'string' && isPrivateChannel(value),
  ),
  data: z.unknown().optional(),
  ts: z.number(),
});
type PrivateFrame = z.infer<typeof privateFrame>;

/** One stream for the gateway: what `sources` send goes out on the bus and comes back from it. */
export function privateOverBus(
  bus: Bus,
  sources: readonly PrivateStream[],
  log: BusLog,
): PrivateStream {
  return {
    start(send) {
      const unsubscribe = listen(bus, privateSubject, privateFrame, log, (frame) =>
        send(frame.userId, frame.channel, frame.data, frame.ts),
      );
      const stops = sources.map((source) =>
        source.start((userId, channel, data, ts) =>
          bus.publish(privateSubject, { userId, channel, data, ts } satisfies PrivateFrame),
        ),
      );
      return () => {
        for (const stop of stops) stop();
        unsubscribe();
      };
    },
  };
}
