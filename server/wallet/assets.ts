// The assets the wallet holds and the chains they move on, with each chain's switches, fee,
// minimum withdrawal and the confirmations a deposit waits for. Amounts are decimal strings.

import type { ChainId } from './addresses/chains.ts';

export interface ChainSpec {
  chain: ChainId;
  deposit: boolean;
  withdraw: boolean;
  /** Charged on top of a withdrawal, in the asset. */
  withdrawFee: string;
  minWithdraw: string;
  /** Confirmations before a deposit is credited. */
  confirmations: number;
}

export interface AssetSpec {
  asset: string;
  chains: readonly ChainSpec[];
}

const chain = (
  id: ChainId,
  withdrawFee: string,
  minWithdraw: string,
  confirmations: number,
): ChainSpec => ({
  chain: id,
  deposit: true,
  withdraw: true,
  withdrawFee,
  minWithdraw,
  confirmations,
});

/** Fees and minimums in the range the large exchanges publish for these chains. */
export const defaultAssets: readonly AssetSpec[] = [
  { asset: 'USDT', chains: [chain('TRC20', '1', '10', 20), chain('ERC20', '4', '20', 12)] },
  { asset: 'BTC', chains: [chain('BTC', '0.0002', '0.001', 2)] },
  { asset: 'ETH', chains: [chain('ETH', '0.002', '0.01', 12)] },
];

export function assetSpec(assets: readonly AssetSpec[], asset: string): AssetSpec | undefined {
  return assets.find((spec) => spec.asset === asset);
}
