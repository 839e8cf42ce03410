// Whether prices are live: the market socket's state as a small badge.

import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function ConnectionBadge() {
  const { t } = useTranslation();
  const connection = useView('connection');
  const open = connection?.open ?? false;
  return (
    <span className={open ? 'badge badge--live' : 'badge'} role="status">
      {open ? t('home.online') : t('home.offline')}
    </span>
  );
}
