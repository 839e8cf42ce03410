// The notification centre (`/pages/notifications/index`): the user's last events, newest first,
// the unread ones marked; a tap on one marks it read, and "mark all read" clears the bell. The
// list is the worker's live `notificationList` view: a new event arrives without a reload. Its
// words are built here from the event's kind, with the figures the worker formatted.
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletLoading } from '../ui/LoadStates.tsx';
import './notifications.css';

export function NotificationsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const view = useView('notificationList');
  // A kind this build has no words for (a newer server's) reads as an account update.
  const words = (kind: string, figures: Readonly<Record<string, string>>) => {
    const key = `notifications.kinds.${kind}`;
    const text = t(key, figures);
    return text === key ? t('notifications.other') : text;
  };
  if (!view?.rows) return <WalletLoading />;
  if (view.rows.length === 0) return <EmptyState text={t('notifications.empty')} />;
  return (
    <section className="content-page notification-page">
      <div className="notification-page__head">
        <span className="article-meta" data-testid="notifications-unread">
          {t('notifications.unreadCount', { count: view.unread })}
        </span>
        <button
          type="button"
          className="text-button"
          disabled={view.unread === 0}
          onClick={() => void core.markAllNotificationsRead()}
          data-testid="notifications-mark-all"
        >
          {t('notifications.markAll')}
        </button>
      </div>
      <ul className="notification-list" data-testid="notification-list">
        {view.rows.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className={`notification-row${row.unread ? ' notification-row--unread' : ''}`}
              aria-pressed={!row.unread}
              onClick={() => row.unread && void core.markNotificationRead(row.id)}
              data-testid="notification-row"
              data-kind={row.kind}
            >
              <span className="notification-row__text">{words(row.kind, row.figures)}</span>
              <span className="notification-row__meta">
                {row.time}
                {row.unread && ` · ${t('notifications.unread')}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
