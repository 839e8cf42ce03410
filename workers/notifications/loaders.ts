// What the notification centre loads: the user's list with the unread count, into the log, where
// the `notifications` projection folds it. Nothing is asked while signed out.
import { notificationsList } from '../../schemas/api/notifications.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn'>;

export async function loadNotifications(context: Context): Promise<Outcome<null>> {
  if (!context.loggedIn()) return { ok: true, data: null };
  context.record({ source: 'intent', type: 'notifications-requested', payload: null });
  const outcome = await context.call(notificationsList, {});
  if (!outcome.ok) return outcome;
  context.record({ source: 'api', type: 'notifications-list', payload: outcome.data });
  return { ok: true, data: null };
}
