// The on-chain holdings as a proof of reserves publishes them (schemas/api/reserves.schema.ts):
// per asset the total in the chain's own decimals and every address holding some of it, with the
// network and the block they were read at, so anyone can read the same balances from a node.
import { formatUnits } from 'viem';
import { type EvmHoldings, evmAssetNames, evmAssets } from './holdings.ts';

export interface ReserveHoldingsJson {
  network: 'ethereum';
  chain_id: number;
  block_number: string;
  /** How many addresses were read: the hot wallet and every funded deposit address. */
  addresses_read: number;
  assets: Record<
    string,
    {
      total: string;
      /** The addresses holding any of the asset (an empty one adds nothing to the total). */
      addresses: { address: string; kind: 'hot' | 'deposit'; amount: string }[];
    }
  >;
}

export function holdingsJson(holdings: EvmHoldings): ReserveHoldingsJson {
  const assets: ReserveHoldingsJson['assets'] = {};
  for (const asset of evmAssetNames) {
    const total = holdings.totals[asset];
    if (total === undefined) continue;
    const decimals = evmAssets[asset];
    assets[asset] = {
      total: formatUnits(total, decimals),
      addresses: holdings.addresses.flatMap(({ address, kind, balances }) => {
        const amount = balances[asset] ?? 0n;
        return amount > 0n ? [{ address, kind, amount: formatUnits(amount, decimals) }] : [];
      }),
    };
  }
  return {
    network: 'ethereum',
    chain_id: holdings.chainId,
    block_number: holdings.blockNumber.toString(),
    addresses_read: holdings.addresses.length,
    assets,
  };
}
