// The notification centre as the UI receives it: the bell's unread count, and the rows of its
// page, each with its kind (the page builds the words from it in the user's language) and its
// figures formatted for the locale.
import type { Outcome } from '../kernel/outcome.ts';

/** What the bell in the top bar shows. */
export interface NotificationBellView {
  unread: number;
  /** The count in the locale's digits; `99+` beyond 99, as the badge has room for. */
  shown: string;
}

export interface NotificationRow {
  id: number;
  /** What happened: its words are `notifications.kinds.<kind>` in the page's strings. */
  kind: string;
  /** The values its words name (`asset`, `amount`, `symbol`, …), formatted for the locale. */
  figures: Readonly<Record<string, string>>;
  /** When it happened, in the locale's style. */
  time: string;
  unread: boolean;
}

export interface NotificationListView {
  /** Null until the list has loaded. */
  rows: readonly NotificationRow[] | null;
  unread: number;
}

export interface NotificationsHandlers {
  /** Loads the list into the views (new events arrive on the private channel). */
  loadNotifications(): Promise<Outcome<null>>;
  /** Marks one read; marking it again is fine. */
  markNotificationRead(id: number): Promise<Outcome<null>>;
  markAllNotificationsRead(): Promise<Outcome<null>>;
}
