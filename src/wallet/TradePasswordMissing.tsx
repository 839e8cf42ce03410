// In place of the trade password field when the account has none: a withdrawal cannot be sent
// without one, so the form says so and leads to the page that sets it, and back here after.
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
import { returnParam, useCurrentPath } from '../routes/return-path.ts';

export function TradePasswordMissing() {
  const { t } = useTranslation();
  const go = useGo();
  const here = useCurrentPath();
  return (
    <div className="send-notice send-notice--warning" data-testid="trade-password-missing">
      <span id="trade-password-missing">{t('wallet.withdraw.noTradePassword')}</span>
      <button
        type="button"
        className="text-button"
        onClick={() => go('/pages/user/password', { type: 'trade', [returnParam]: here })}
      >
        {t('wallet.withdraw.setTradePassword')}
      </button>
    </div>
  );
}
