// From which account to which: two pickers and a swap button between them. Picking the account
// on the other side swaps the two, since a transfer needs two different accounts.

import { walletNames } from '../../schemas/wallet-names.ts';
import type { WalletName } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function WalletSwitch(props: {
  from: WalletName;
  to: WalletName;
  onChange(next: { from: WalletName; to: WalletName }): void;
}) {
  const { t } = useTranslation();
  const { from, to, onChange } = props;
  const pick = (side: 'from' | 'to', value: WalletName) => {
    const other = side === 'from' ? to : from;
    const kept = side === 'from' ? from : to;
    const next = { from, to, [side]: value };
    // The account on the other side moves to where the picked one was.
    if (value === other) next[side === 'from' ? 'to' : 'from'] = kept;
    onChange(next);
  };
  const picker = (side: 'from' | 'to', value: WalletName) => (
    <label className="field">
      <span className="field__label">
        {t(side === 'from' ? 'wallet.transfer.from' : 'wallet.transfer.to')}
      </span>
      <select
        className="field__input"
        name={side}
        data-testid={`transfer-${side}`}
        value={value}
        onChange={(event) => pick(side, event.target.value as WalletName)}
      >
        {walletNames.map((wallet) => (
          <option key={wallet} value={wallet}>
            {t(`wallet.accounts.${wallet}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="wallet-switch">
      {picker('from', from)}
      <button
        type="button"
        className="icon-button wallet-switch__swap"
        aria-label={t('wallet.transfer.swap')}
        data-testid="transfer-swap"
        onClick={() => onChange({ from: to, to: from })}
      >
        <span aria-hidden="true">⇅</span>
      </button>
      {picker('to', to)}
    </div>
  );
}
