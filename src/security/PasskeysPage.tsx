// Passkeys (`/pages/user/passkeys`): the user's passkeys (name, added, last used, whether a cloud
// keychain syncs it), a new one made on this device, and one removed with a code from the email.
// Adding or removing one pauses withdrawals for the security hold, which the page says first.
import type { PasskeyRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { PasskeyAdd } from './PasskeyAdd.tsx';
import { PasskeyItem } from './PasskeyItem.tsx';

export function PasskeysPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const list = useLoad(['passkeys'], () => core.passkeyList());
  const rows: readonly PasskeyRow[] = list.data ?? [];
  const reload = () => void list.reload();

  return (
    <div className="wallet-page">
      <section className="card wallet-form" aria-labelledby="passkey-add-title">
        <h2 id="passkey-add-title" className="card__title">
          {t('passkeys.addTitle')}
        </h2>
        <p className="note">{t('passkeys.intro')}</p>
        <PasskeyAdd onAdded={reload} />
      </section>

      <section className="wallet-section" aria-labelledby="passkey-list-title">
        <h2 id="passkey-list-title" className="wallet-section__title">
          {t('passkeys.listTitle')}
        </h2>
        <p className="note">{t('passkeys.holdNote')}</p>
        {list.data === null ? (
          list.failed ? (
            <WalletFailed onRetry={reload} />
          ) : (
            <WalletLoading />
          )
        ) : rows.length === 0 ? (
          <EmptyState text={t('passkeys.empty')} />
        ) : (
          <>
            {list.failed && <WalletRefreshFailed onRetry={reload} />}
            <ul className="security-list card" data-testid="passkey-list">
              {rows.map((row) => (
                <PasskeyItem key={row.id} row={row} onRemoved={reload} />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
