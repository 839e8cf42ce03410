// What the worker knows of the notification centre before it loads it: the names of its handlers
// and views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const notificationsEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    loadNotifications: true,
    markNotificationRead: true,
    markAllNotificationsRead: true,
  },
  views: {
    notificationBell: true,
    notificationList: true,
  },
});
