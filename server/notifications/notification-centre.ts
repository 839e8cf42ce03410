// The notification centre's engine: it hears every user's frame on the bus, records the events
// they tell of (frame-events.ts) one after the other, and sends the user each new one on the
// private `notifications` channel with the unread count, so the bell follows without a reload.
// Every node hears every frame and tries to record it; the event's key lets one row win, and only
// the node whose insert made it sends the frame.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Notification } from '../../schemas/api/notifications.schema.ts';
import type { Bus } from '../bus/bus.ts';
import { listen } from '../bus/bus-messages.ts';
import { privateSubject } from '../bus/private-over-bus.ts';
import type { Db } from '../db/database.ts';
import { type PrivateStream, userFrames } from '../gateway/streams.ts';
import { frameEvents } from './frame-events.ts';
import { recordNotification, unreadCount } from './notification-store.ts';

/** A user's frame as the bus carries it; its data is checked by the event it may tell of. */
const heardFrame = z.object({
  userId: z.number().int().positive(),
  channel: z.string(),
  data: z.unknown().optional(),
  ts: z.number(),
});

export interface NotificationCentre {
  /** The private stream the `notifications` frames go out on. */
  stream: PrivateStream;
  /** Sends the user their changed notifications and the unread count after them. */
  push(userId: number, list: readonly Notification[], unread: number): void;
  /** Starts recording what the bus carries; answers the stop, which waits for what was heard. */
  listen(bus: Bus): () => Promise<void>;
}

export function notificationCentre(db: Db, log: FastifyBaseLogger): NotificationCentre {
  const frames = userFrames();
  const push = (userId: number, list: readonly Notification[], unread: number) =>
    frames.send(userId, 'notifications', { list, unread }, Date.now());

  const eventsOf = (channel: string, data: unknown) => {
    try {
      return frameEvents(channel, data);
    } catch (error) {
      log.warn({ err: error, channel }, "a frame's notifications were not read");
      return [];
    }
  };

  const record = async (userId: number, channel: string, data: unknown, ts: number) => {
    for (const { key, event } of eventsOf(channel, data)) {
      try {
        const recorded = await recordNotification(db, userId, key, event, new Date(ts));
        if (recorded) push(userId, [recorded], await unreadCount(db, userId));
      } catch (error) {
        log.warn({ err: error, user: userId, event: key }, 'a notification was not recorded');
      }
    }
  };

  return {
    stream: frames.stream,
    push,
    listen(bus) {
      // One at a time, in the order heard: a user's events keep their order, and the trim sees
      // every insert before it.
      let queue = Promise.resolve();
      const stop = listen(bus, privateSubject, heardFrame, log, (frame) => {
        if (frame.channel === 'notifications') return;
        queue = queue.then(() => record(frame.userId, frame.channel, frame.data, frame.ts));
      });
      return async () => {
        stop();
        await queue;
      };
    },
  };
}
