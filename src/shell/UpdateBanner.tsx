// Offers a waiting new version of the app; it is installed only when the trader taps reload.
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { appUpdate } from '../pwa/app-update.ts';

export function UpdateBanner() {
  const { t } = useTranslation();
  const ready = useSyncExternalStore(appUpdate.subscribe, appUpdate.ready);
  if (!ready) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{t('appUpdate.ready')}</span>
      <button type="button" className="text-button" onClick={() => void appUpdate.apply()}>
        {t('appUpdate.reload')}
      </button>
    </div>
  );
}
