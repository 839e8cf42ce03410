// A new address-book entry (`/pages/assets/addressAdd`): asset, chain, address and an optional
// remark. The server checks the address against the chain; back to where the user came from after.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import { useBack } from '../routes/navigation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { AssetChainPicker } from './AssetChainPicker.tsx';
import { useAssetChoice } from './use-asset-choice.ts';
import { useWalletSearch } from './wallet-search.ts';

/** The server keeps remarks up to this length. */
const remarkMax = 60;

export function WalletAddressAddPage() {
  const { t } = useTranslation();
  const { core, toast } = useApp();
  const back = useBack();
  const choice = useAssetChoice('withdraw', useWalletSearch());
  const [address, setAddress] = useState('');
  const [remark, setRemark] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const { load, asset, chain } = choice;

  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }

  const save = async () => {
    if (!asset || !chain) return;
    if (address.trim() === '') {
      setMissing(true);
      return;
    }
    setSaving(true);
    const outcome = await core
      .addAddress({ asset: asset.asset, chain: chain.chain, address, remark })
      .catch(() => null);
    setSaving(false);
    if (outcome?.ok) {
      toast(t('wallet.addresses.saved'), 'success');
      back();
    } else if (unannounced(outcome)) {
      toast(t('wallet.unanswered'), 'error');
    }
  };

  return (
    <form
      className="wallet-page card wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void save();
      }}
    >
      <AssetChainPicker choice={choice} />
      <label className="field">
        <span className="field__label">{t('wallet.addresses.address')}</span>
        <input
          className="field__input"
          name="address"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={address}
          aria-invalid={missing}
          onChange={(event) => {
            setAddress(event.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <span className="field__problem" role="alert">
            {t('wallet.problems.addressRequired')}
          </span>
        )}
      </label>
      <label className="field">
        <span className="field__label">{t('wallet.addresses.remark')}</span>
        <input
          className="field__input"
          name="remark"
          maxLength={remarkMax}
          placeholder={t('wallet.addresses.remarkPlaceholder')}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="button button--block"
        data-testid="address-save"
        disabled={saving || !asset}
      >
        {saving ? t('wallet.sending') : t('wallet.addresses.save')}
      </button>
    </form>
  );
}
