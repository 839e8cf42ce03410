// The asset and chain a wallet page may be opened with (`?asset=BTC&chain=BTC`, e.g. from a row of
// the asset center); anything malformed is ignored and the page picks its default.
import { useSearch } from '@tanstack/react-router';
import { readAsset, readChain } from '../../schemas/wallet-names.ts';

export interface WalletSearch {
  asset?: string | undefined;
  chain?: string | undefined;
}

export function parseWalletSearch(search: Readonly<Record<string, unknown>>): WalletSearch {
  const asset = readAsset(search.asset);
  const chain = readChain(search.chain);
  return { ...(asset ? { asset } : {}), ...(chain ? { chain } : {}) };
}

export function useWalletSearch(): WalletSearch {
  return parseWalletSearch(useSearch({ strict: false }) as Readonly<Record<string, unknown>>);
}
