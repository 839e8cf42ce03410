// The top bar's bell, shown while signed in: the unread count of the user's notifications, kept
// live by the worker's `notificationBell` view (its domain loads apart, so the bell itself is only
// this, loaded apart from the first screen by the top bar), and a tap to the notification centre's
// page, which loads with its own file.
import { useNavigate } from '@tanstack/react-router';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { LineIcon } from './Icon.tsx';
import './notification-bell.css';

const bell = 'M6 10a6 6 0 0112 0c0 5 2 6.5 2 6.5H4S6 15 6 10zm4 9.5a2 2 0 004 0';

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useView('notificationBell');
  return (
    <button
      type="button"
      className="icon-button notification-bell"
      data-testid="notification-bell"
      onClick={() => void navigate({ to: routes.notifications.path })}
    >
      {/* Its name is its words and the count, so what is read out holds what is shown. */}
      <span className="visually-hidden">{t('titles.notifications')}</span>
      <LineIcon path={bell} />
      {count && count.unread > 0 && (
        <span className="notification-bell__count" data-testid="notification-count">
          {count.shown}
        </span>
      )}
    </button>
  );
}
