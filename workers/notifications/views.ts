// The notification centre's live views: the bell's unread count, watched by the top bar while the
// user is signed in, and the list its page shows. Both load the list when first watched and
// after a reconnect or a new sign-in (frames sent while the socket was down are gone); the
// private `notifications` channel keeps them live.
import type { ClientView } from '../../core/projections/client-view.ts';
import type { DomainContext } from '../kernel/context.ts';
import { defineView } from '../kernel/view.ts';
import { loadNotifications } from './loaders.ts';
import { notificationRow } from './rows.ts';
import type { NotificationBellView, NotificationListView } from './types.ts';

const reloadOn = ['reconnect', 'signIn'] as const;

const load = (_params: undefined, context: DomainContext) => void loadNotifications(context);

export const notificationBellLiveView = defineView<NotificationBellView>({
  source: (view) => view.notifications.unread,
  channels: () => ['notifications'],
  load,
  reloadOn,
  payload: (view, _params, locale) => {
    const { unread } = view.notifications;
    const shown = new Intl.NumberFormat(locale).format(Math.min(unread, 99));
    return { unread, shown: unread > 99 ? `${shown}+` : shown };
  },
});

export function notificationList(view: ClientView, locale: string): NotificationListView {
  const { list, unread, loaded } = view.notifications;
  return {
    rows: loaded ? list.map((row) => notificationRow(row, view.precisions, locale)) : null,
    unread,
  };
}

export const notificationListLiveView = defineView<NotificationListView>({
  source: (view) => [view.notifications, view.precisions],
  channels: () => ['notifications'],
  // The bell, watched whenever the user is signed in, loaded the list as the session began and
  // reloads it after a reconnect or a sign-in, and the channel keeps it between: the page asks
  // only when nothing is loaded yet.
  load: (params, context) => {
    if (!context.view().notifications.loaded) load(params, context);
  },
  reloadOn,
  payload: (view, _params, locale) => notificationList(view, locale),
});
