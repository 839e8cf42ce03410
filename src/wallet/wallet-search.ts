// The asset and chain a wallet page may be opened with (`?asset=BTC&chain=BTC`, e.g. from a row of
// the asset center); anything malformed is ignored and the page picks its default.
import { useSearch } from '@tanstack/react-router';
import { assetSchema, chainSchema } from '../../schemas/api/wallet.schema.ts';

export interface WalletSearch {
  asset?: string | undefined;
  chain?: string | undefined;
}

export function parseWalletSearch(search: Readonly<Record<string, unknown>>): WalletSearch {
  const asset = assetSchema.safeParse(search.asset);
  const chain = chainSchema.safeParse(search.chain);
  return {
    ...(asset.success ? { asset: asset.data } : {}),
    ...(chain.success ? { chain: chain.data } : {}),
  };
}

export function useWalletSearch(): WalletSearch {
  return parseWalletSearch(useSearch({ strict: false }) as Readonly<Record<string, unknown>>);
}
