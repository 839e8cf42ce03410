// Users' own frames over the bus: whatever node changed a user's orders, balances or support
// conversation, the frame reaches the user's sockets on whichever node they are connected to.
// Every node hears every frame and its gateway keeps those of the users connected to it.
import type { PrivateChannel } from '../../schemas/channels.ts';
import type { PrivateStream } from '../gateway/streams.ts';
import type { Bus } from './bus.ts';

export const privateSubject = 'private.frames';

interface PrivateFrame {
  userId: number;
  channel: PrivateChannel;
  data: unknown;
  ts: number;
}

/** One stream for the gateway: what `sources` send goes out on the bus and comes back from it. */
export function privateOverBus(bus: Bus, sources: readonly PrivateStream[]): PrivateStream {
  return {
    start(send) {
      const unsubscribe = bus.subscribe(privateSubject, (message) => {
        const frame = message as PrivateFrame;
        send(frame.userId, frame.channel, frame.data, frame.ts);
      });
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
