// The second contract as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import { optionRatesLiveView, optionTradeLiveView } from './views.ts';

export { optionDomain as domain } from './handlers.ts';

export const views = {
  optionRates: optionRatesLiveView,
  option: optionTradeLiveView,
};
