// Says, under the top bar, that the app is offline or cannot reach the market, and goes away by
// itself once the market connection is back. The live region stays mounted so the change is read.
import { useTranslation } from '../i18n/use-translation.ts';
import { useConnectivity } from '../pwa/use-connectivity.ts';

export function OfflineBanner() {
  const { t } = useTranslation();
  const connectivity = useConnectivity();
  return (
    <div className="connectivity-status" role="status">
      {connectivity !== 'online' && (
        <div
          className="offline-banner"
          data-testid="offline-banner"
          data-connectivity={connectivity}
        >
          <strong className="offline-banner__title">{t('offline.title')}</strong>
          <span>
            {connectivity === 'no-network' ? t('offline.noNetwork') : t('offline.unreachable')}
          </span>
        </div>
      )}
    </div>
  );
}
