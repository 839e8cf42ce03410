// Picks a withdrawal address from the address book: only entries of the chosen asset and chain,
// since an address of another chain would be refused (or worse, lose the funds).
import { useNavigate } from '@tanstack/react-router';
import type { Chain } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

export function AddressBookPicker(props: {
  asset: string;
  chain: Chain;
  onPick(address: string): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const book = useLoad(['addressBook'], () => core.addressBook());
  const { asset, chain } = props;

  if (book.data === null) {
    return book.failed ? <WalletFailed onRetry={() => void book.reload()} /> : <WalletLoading />;
  }
  const entries = book.data.filter((entry) => entry.asset === asset && entry.chain === chain);
  return (
    <div className="address-picker">
      {entries.length === 0 ? (
        <p className="address-picker__empty">{t('wallet.withdraw.bookEmpty', { asset, chain })}</p>
      ) : (
        <ul className="address-picker__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className="address-picker__entry"
                data-testid={`address-pick-${entry.id}`}
                onClick={() => props.onPick(entry.address)}
              >
                {entry.remark && <span className="address-picker__remark">{entry.remark}</span>}
                <span className="address-picker__address" dir="ltr">
                  {entry.address}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="text-button"
        onClick={() => void navigate({ to: routes.addressAdd.path, search: { asset, chain } })}
      >
        {t('wallet.addresses.add')}
      </button>
    </div>
  );
}
