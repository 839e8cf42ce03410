// A new address-book entry (`/pages/assets/addressAdd`): asset, chain, address and an optional
// remark. The server checks the address against the chain (its refusal shows under the address);
// back to where the user came from after, or to the address book when opened by a link.
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBack } from '../routes/navigation.ts';
import { routes } from '../routes/route-table.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { AssetChainPicker } from './AssetChainPicker.tsx';
import { useAssetChoice } from './use-asset-choice.ts';

/** The server keeps remarks up to this length. */
const remarkMax = 60;

export function WalletAddressAddPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const back = useBack(routes.addressBook.path);
  const refusals = useFieldRefusals(['address', 'remark']);
  const choice = useAssetChoice('withdraw', useSearch({ from: routes.addressAdd.path }));
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
    refusals.clear();
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
    } else if (!refusals.take(outcome) && unannounced(outcome)) {
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
      <TextField
        id="address-add-address"
        name="address"
        label={t('wallet.addresses.address')}
        ltr
        value={address}
        problem={missing ? t('wallet.problems.addressRequired') : refusals.refusalOf('address')}
        onChange={(value) => {
          setAddress(value);
          setMissing(false);
          refusals.clear('address');
        }}
      />
      <TextField
        id="address-add-remark"
        name="remark"
        label={t('wallet.addresses.remark')}
        maxLength={remarkMax}
        placeholder={t('wallet.addresses.remarkPlaceholder')}
        value={remark}
        problem={refusals.refusalOf('remark')}
        onChange={(value) => {
          setRemark(value);
          refusals.clear('remark');
        }}
      />
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
