// `/wallet/addressAdd`: saves a checked address to the book. The owner is told of every new
// address, with the time from which it can receive funds (the address hold, withdraw-address.ts).
import { addressAdd } from '../../schemas/api/wallet.schema.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { chainOf, checkedAddress } from './wallet-checks.ts';
import { entryView } from './wallet-views.ts';
import { saveAddress } from './withdraw-address.ts';

export function addressAddRoute(router: Router, deps: AppDeps): void {
  router.add(addressAdd, async (input, { session }) => {
    chainOf(deps.config.walletAssets, input.asset, input.chain, 'withdraw');
    const address = checkedAddress(input.chain, input.address);
    const target = { asset: input.asset, chain: input.chain, address };
    return entryView(await saveAddress(deps, session.userId, target, input.remark ?? ''));
  });
}
