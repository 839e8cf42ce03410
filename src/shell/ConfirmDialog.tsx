// The confirmation asked before logout and before deleting an address (docs/product.md §2).

import { useConfirmRequest } from '../app/confirm.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function ConfirmDialog() {
  const { t } = useTranslation();
  const confirmRequest = useConfirmRequest();
  if (!confirmRequest) return null;
  return (
    <div className="overlay overlay--center">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-message"
      >
        <p id="confirm-message" className="dialog__message">
          {confirmRequest.message}
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => confirmRequest.answer(false)}
          >
            {t('confirm.cancel')}
          </button>
          <button type="button" className="button" onClick={() => confirmRequest.answer(true)}>
            {t('confirm.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
