// The checks every call naming an asset, a chain or an address starts with: the asset is known,
// the chain is switched on for the use, the address is well formed for the chain.
import { BusinessError } from '../http/business-error.ts';
import { validateAddress } from './addresses/validate.ts';
import { type AssetSpec, assetSpec, type ChainSpec } from './assets.ts';

export function chainOf(
  assetList: readonly AssetSpec[],
  asset: string,
  chain: string,
  use: 'deposit' | 'withdraw',
): ChainSpec {
  const spec = assetSpec(assetList, asset);
  if (!spec) throw new BusinessError('asset_unknown');
  const found = spec.chains.find((candidate) => candidate.chain === chain);
  if (!found?.[use]) throw new BusinessError('chain_disabled');
  return found;
}

/** The address in its one stored form (checksummed where the chain has a checksum). */
export function checkedAddress(chain: ChainSpec['chain'], address: string): string {
  const check = validateAddress(chain, address);
  if (check.ok) return check.normalized;
  throw new BusinessError(check.reason === 'chain' ? 'address_wrong_chain' : 'address_invalid');
}
