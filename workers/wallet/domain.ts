// The wallet's pages as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import {
  depositActivityLiveView,
  depositUpdatesLiveView,
  liveBalancesView,
  withdrawalUpdatesLiveView,
} from './views.ts';

export { walletDomain as domain } from './handlers.ts';

/**
 * Most of its pages show what its calls answer; the deposits, the withdrawals and the balances
 * follow their channels live.
 */
export const views = {
  depositActivity: depositActivityLiveView,
  depositUpdates: depositUpdatesLiveView,
  liveBalances: liveBalancesView,
  withdrawalUpdates: withdrawalUpdatesLiveView,
};
