// Which asset, and on which chain: the first two questions of deposit, withdraw and a new address.
import { useTranslation } from '../i18n/use-translation.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import type { AssetChoice } from './use-asset-choice.ts';

export function AssetChainPicker(props: { choice: AssetChoice }) {
  const { t } = useTranslation();
  const { assets, asset, chain, chooseAsset, chooseChain } = props.choice;
  return (
    <>
      <ChoiceChips
        label={t('wallet.asset')}
        choices={assets.map((entry) => ({ value: entry.asset, label: entry.asset }))}
        value={asset?.asset}
        onChange={chooseAsset}
        name="asset-choice"
      />
      <ChoiceChips
        label={t('wallet.chain')}
        choices={(asset?.chains ?? []).map((entry) => ({ value: entry.chain, label: entry.chain }))}
        value={chain?.chain}
        onChange={chooseChain}
        name="chain-choice"
      />
    </>
  );
}
