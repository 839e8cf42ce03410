// What the worker knows of the wallet's pages before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const walletEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    walletBalances: true,
    knownWalletBalances: true,
    walletToday: true,
    walletAssets: true,
    depositAddress: true,
    deposits: true,
    withdraw: true,
    withdrawSafeguards: true,
    sendWithdrawCode: true,
    passkeyWithdrawOptions: true,
    cancelWithdrawal: true,
    withdrawals: true,
    addressBook: true,
    addAddress: true,
    deleteAddress: true,
    walletRecords: true,
    transfer: true,
    smallBalances: true,
    convertSmallBalances: true,
  },
  views: {
    depositActivity: true,
    depositUpdates: true,
    liveBalances: true,
    withdrawalUpdates: true,
  },
});
