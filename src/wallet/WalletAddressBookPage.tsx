// The address book (`/pages/assets/address`): saved withdrawal addresses by asset and chain, each
// copyable; deleting one asks first (docs/product.md §17).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AddressRow } from '../../workers/facade.ts';
import { useConfirm } from '../app/confirm.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

export function WalletAddressBookPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const book = useLoad(['addressBook'], () => core.addressBook());
  const [deleting, setDeleting] = useState<number | null>(null);
  const retry = () => void book.reload();

  const remove = async (entry: AddressRow) => {
    if (!(await confirm(t('wallet.addresses.deleteConfirm')))) return;
    setDeleting(entry.id);
    const outcome = await core.deleteAddress(entry.id).catch(() => null);
    setDeleting(null);
    if (outcome?.ok) toast(t('wallet.addresses.deleted'), 'success');
    else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    await book.reload();
  };

  const add = (
    <button
      type="button"
      className="button button--block"
      onClick={() => void navigate({ to: routes.addressAdd.path })}
    >
      {t('wallet.addresses.add')}
    </button>
  );

  if (book.data === null) {
    return book.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  }
  return (
    <div className="wallet-page">
      {add}
      {book.failed && <WalletRefreshFailed onRetry={retry} />}
      {book.data.length === 0 ? (
        <EmptyState text={t('wallet.addresses.empty')} />
      ) : (
        <ul className="wallet-list">
          {book.data.map((entry) => (
            <li key={entry.id} className="card wallet-item" data-testid={`address-row-${entry.id}`}>
              <div className="wallet-item__top">
                <span className="wallet-item__title" data-testid={`address-title-${entry.id}`}>
                  {entry.asset}
                  {/* An asset on its own chain (BTC on BTC) names it once; a token names its network. */}
                  {entry.chain !== entry.asset && (
                    <>
                      {' '}
                      <span className="status-pill status-pill--muted">
                        {t('wallet.addresses.network', { chain: entry.chain })}
                      </span>
                    </>
                  )}
                </span>
                {entry.remark && <span className="wallet-item__remark">{entry.remark}</span>}
              </div>
              <p className="wallet-item__address" dir="ltr">
                {entry.address}
              </p>
              <div className="wallet-item__actions">
                <CopyButton text={entry.address} />
                <button
                  type="button"
                  className="text-button text-button--danger"
                  data-testid={`address-delete-${entry.id}`}
                  disabled={deleting === entry.id}
                  onClick={() => void remove(entry)}
                >
                  {t('wallet.addresses.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
