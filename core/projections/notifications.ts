// The user's notifications as the client knows them: the list the bell's page shows, newest first,
// and the unread count the bell shows. Seeded by `/notifications/list`, kept by the private
// `notifications` channel (a new event, a mark made on another device) and by the user's own marks.
import type { Notification } from '../../schemas/api/notifications.schema.ts';
import { defineFold } from './fold.ts';

export interface NotificationsView {
  /** Newest first, by id; at most what the server keeps. */
  list: readonly Notification[];
  unread: number;
  /** Whether the list has been loaded since the session began. */
  loaded: boolean;
}

export const initialNotifications: NotificationsView = { list: [], unread: 0, loaded: false };

/** As many as the server keeps (schemas/api/notifications.schema.ts, keptNotifications). */
const kept = 100;

function merge(state: NotificationsView, incoming: readonly Notification[], unread: number) {
  const changed = new Map(incoming.map((row) => [row.id, row]));
  const list = [
    ...incoming.filter((row) => !state.list.some((known) => known.id === row.id)),
    ...state.list.map((row) => changed.get(row.id) ?? row),
  ]
    .sort((a, b) => b.id - a.id)
    .slice(0, kept);
  return { ...state, list, unread };
}

export const notificationsFold = defineFold(initialNotifications, {
  'notifications-list': (_state, { payload }) => ({
    list: payload.list,
    unread: payload.unread,
    loaded: true,
  }),
  'notifications-marked': (state, { payload, at }) => {
    const readAt = new Date(at).toISOString();
    return {
      ...state,
      unread: payload.unread,
      list: state.list.map((row) =>
        row.read_at === null && (payload.id === null || payload.id === row.id)
          ? { ...row, read_at: readAt }
          : row,
      ),
    };
  },
  notifications: (state, { payload }) => merge(state, payload.data.list, payload.data.unread),
  logout: () => initialNotifications,
  'session-expired': () => initialNotifications,
});
