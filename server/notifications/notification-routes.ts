// The notification centre's calls: the caller's list with the unread count, and marking one or
// all read. Each mark is sent on the `notifications` channel too, so the user's other tabs and
// devices clear their bell. Reads are held to the API's rate limit like every other call.
import {
  notificationRead,
  notificationsList,
  notificationsReadAll,
} from '../../schemas/api/notifications.schema.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import type { NotificationCentre } from './notification-centre.ts';
import { markAllRead, markRead, notificationsOf, unreadCount } from './notification-store.ts';

export function notificationRoutes(
  router: Router,
  { db, clock }: AppDeps,
  centre: Pick<NotificationCentre, 'push'>,
): void {
  router.add(notificationsList, async (_request, { session }) =>
    notificationsOf(db, session.userId),
  );

  router.add(notificationRead, async ({ id }, { session }) => {
    const marked = await markRead(db, session.userId, id, clock.now());
    const unread = await unreadCount(db, session.userId);
    centre.push(session.userId, marked ? [marked] : [], unread);
    return { unread };
  });

  router.add(notificationsReadAll, async (_request, { session }) => {
    const marked = await markAllRead(db, session.userId, clock.now());
    const unread = await unreadCount(db, session.userId);
    if (marked.length > 0) centre.push(session.userId, marked, unread);
    return { unread };
  });
}
