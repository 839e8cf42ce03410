// Events of the notification centre: the list as loaded, the user's marks (which one, or all, and
// the unread count the server answered) and the private `notifications` channel.
import { z } from 'zod/mini';
import { notificationsList } from '../../schemas/api/notifications.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { event, privateFrame } from '../event.ts';

export const notificationsEvents = [
  event('intent', 'notifications-requested', z.null()),
  event('api', 'notifications-list', notificationsList.response),
  event('intent', 'notification-read-requested', z.null()),
  event(
    'api',
    'notifications-marked',
    z.object({
      /** The one marked read, or null: all of them. */
      id: z.nullable(z.int()),
      unread: z.int(),
    }),
  ),
  event('socket', 'notifications', privateFrame(channelData.notifications)),
] as const;
