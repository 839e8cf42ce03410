// The AI products as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import { aiBoardLiveView, aiOrderLiveView, aiProductLiveView } from './views.ts';

export { aiDomain as domain } from './handlers.ts';

export const views = {
  aiBoard: aiBoardLiveView,
  aiProduct: aiProductLiveView,
  aiOrder: aiOrderLiveView,
};
