// The user's three accounts (spec §3 transfer): funding, contract and second contract, in the
// order the pages list them.
import type { WalletName } from '../../workers/facade.ts';

export const walletNames: readonly WalletName[] = ['funding', 'contract', 'option'];
