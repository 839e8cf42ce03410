// In place of the trade password field when the account has none: a withdrawal cannot be sent
// without one, so the form says so and leads to the page that sets it, and back here after.
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { returnParam, useCurrentPath } from '../routes/return-path.ts';
import { routes } from '../routes/route-table.ts';

export function TradePasswordMissing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useCurrentPath();
  return (
    <div className="send-notice send-notice--warning" data-testid="trade-password-missing">
      <span id="trade-password-missing">{t('wallet.withdraw.noTradePassword')}</span>
      <button
        type="button"
        className="text-button"
        onClick={() =>
          void navigate({
            to: routes.password.path,
            search: { type: 'trade', [returnParam]: here },
          })
        }
      >
        {t('wallet.withdraw.setTradePassword')}
      </button>
    </div>
  );
}
