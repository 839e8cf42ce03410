// The assets the wallet holds and the chains they move on, with each chain's switches, fee,
// minimum withdrawal and the confirmations a deposit waits for. Amounts are decimal strings.

import { z } from 'zod';
import { decimalText } from '../settings-fields.ts';
import { type ChainId, chainIds } from './addresses/chains.ts';

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

const amountText = decimalText(8, 'must be a decimal with at most 8 decimals');

/** The shape of `WALLET_ASSETS_FILE`: the same table as the defaults, in snake_case JSON. */
const assetsFileSchema = z
  .array(
    z.object({
      asset: z.string().regex(/^[A-Z0-9]{2,10}$/),
      chains: z
        .array(
          z.object({
            chain: z.enum(chainIds),
            deposit: z.boolean(),
            withdraw: z.boolean(),
            withdraw_fee: amountText,
            min_withdraw: amountText,
            confirmations: z.number().int().min(0).max(10_000),
          }),
        )
        .min(1),
    }),
  )
  .min(1);

/** Reads an operator's asset table; a bad file stops start-up with the reason. */
export function parseAssetsFile(text: string): AssetSpec[] {
  const parsed = assetsFileSchema.parse(JSON.parse(text));
  return parsed.map(({ asset, chains }) => ({
    asset,
    chains: chains.map((chain) => ({
      chain: chain.chain,
      deposit: chain.deposit,
      withdraw: chain.withdraw,
      withdrawFee: chain.withdraw_fee,
      minWithdraw: chain.min_withdraw,
      confirmations: chain.confirmations,
    })),
  }));
}
