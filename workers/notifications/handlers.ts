// The notification centre in the worker: loading the list, marking one or all read. Marks are
// logged with the unread count the server answered, so the bell follows at once; the private
// `notifications` channel, held while signed in once the domain has loaded, brings new events.
import {
  notificationRead,
  notificationsDataSchema,
  notificationsReadAll,
} from '../../schemas/api/notifications.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { mapOutcome } from '../kernel/outcome.ts';
import { loadNotifications } from './loaders.ts';
import type { NotificationsHandlers } from './types.ts';

export function createNotificationsHandlers(context: DomainContext): NotificationsHandlers {
  const { call, record } = context;
  return {
    loadNotifications: () => loadNotifications(context),
    async markNotificationRead(id) {
      record({ source: 'intent', type: 'notification-read-requested', payload: null });
      const outcome = await call(notificationRead, { id: String(id) });
      if (outcome.ok) {
        record({ source: 'api', type: 'notifications-marked', payload: { id, ...outcome.data } });
      }
      return mapOutcome(outcome, () => null);
    },
    async markAllNotificationsRead() {
      record({ source: 'intent', type: 'notification-read-requested', payload: null });
      const outcome = await call(notificationsReadAll, {});
      if (outcome.ok) {
        record({
          source: 'api',
          type: 'notifications-marked',
          payload: { id: null, ...outcome.data },
        });
      }
      return mapOutcome(outcome, () => null);
    },
  };
}

export const notificationsDomain = defineDomain({
  handlers: createNotificationsHandlers,
  signedInChannels: ['notifications'],
  frames: { notifications: notificationsDataSchema },
});
