// The pre-sale subscriptions as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import { subscriptionBuyLiveView } from './views.ts';

export { subscriptionDomain as domain } from './handlers.ts';

export const views = {
  subscriptionBuy: subscriptionBuyLiveView,
};
