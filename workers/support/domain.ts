// Customer service as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import { supportLiveView } from './views.ts';

export { supportDomain as domain } from './handlers.ts';

export const views = {
  support: supportLiveView,
};
