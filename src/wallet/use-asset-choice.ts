// The asset and chain a wallet form is about, chosen among the wallet's assets: only chains open
// for what the form does (deposit or withdraw). A choice that is not (or no longer) offered falls
// back to the first one offered, so the form never points at a closed chain.
import { useMemo, useState } from 'react';
import type { AssetView, Chain, ChainView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { type Load, useLoad } from '../ui/use-load.ts';

export type ChainUse = 'deposit' | 'withdraw' | 'any';

export interface AssetChoice {
  load: Load<readonly AssetView[]>;
  /** The assets with at least one chain open for the use, each with only those chains. */
  assets: readonly AssetView[];
  asset: AssetView | undefined;
  chain: ChainView | undefined;
  chooseAsset(asset: string): void;
  chooseChain(chain: Chain): void;
}

export function useAssetChoice(
  use: ChainUse,
  preferred: { asset?: string | undefined; chain?: string | undefined } = {},
): AssetChoice {
  const core = useWorker();
  const load = useLoad(['walletAssets'], () => core.walletAssets());
  const [picked, setPicked] = useState({ asset: preferred.asset, chain: preferred.chain });

  const assets = useMemo(
    () =>
      (load.data ?? [])
        .map((entry) => ({
          asset: entry.asset,
          chains: entry.chains.filter((chain) => use === 'any' || chain[use]),
        }))
        .filter((entry) => entry.chains.length > 0),
    [load.data, use],
  );
  const asset = assets.find((entry) => entry.asset === picked.asset) ?? assets[0];
  const chain = asset?.chains.find((entry) => entry.chain === picked.chain) ?? asset?.chains[0];

  return {
    load,
    assets,
    asset,
    chain,
    chooseAsset: (next) => setPicked({ asset: next, chain: undefined }),
    chooseChain: (next) => setPicked((shown) => ({ ...shown, chain: next })),
  };
}
