// One passkey in the list: its name, when it was added and last used, whether a cloud keychain
// syncs it, and its removal, which asks for a code sent to the user's email first.
import { useState } from 'react';
import type { PasskeyRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { PasskeyRemoveForm } from './PasskeyRemoveForm.tsx';

export function PasskeyItem(props: { row: PasskeyRow; onRemoved(): void }) {
  const { t } = useTranslation();
  const { row } = props;
  const [removing, setRemoving] = useState(false);
  return (
    <li className="security-row" data-testid={`passkey-${row.id}`}>
      <div className="security-row__text">
        <span className="security-row__label" dir="auto" data-testid={`passkey-name-${row.id}`}>
          {row.name}
        </span>
        <span className="security-row__detail">{t('passkeys.created', { time: row.created })}</span>
        <span className="security-row__detail" data-testid={`passkey-used-${row.id}`}>
          {row.lastUsed === null
            ? t('passkeys.neverUsed')
            : t('passkeys.lastUsed', { time: row.lastUsed })}
        </span>
      </div>
      {row.synced && <span className="status-pill status-pill--done">{t('passkeys.synced')}</span>}
      {!removing && (
        <button
          type="button"
          className="text-button text-button--danger"
          data-testid={`passkey-remove-${row.id}`}
          aria-label={t('passkeys.removeNamed', { name: row.name })}
          onClick={() => setRemoving(true)}
        >
          {t('passkeys.remove')}
        </button>
      )}
      {removing && (
        <PasskeyRemoveForm
          row={row}
          onRemoved={props.onRemoved}
          onCancel={() => setRemoving(false)}
        />
      )}
    </li>
  );
}
