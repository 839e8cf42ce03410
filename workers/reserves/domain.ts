// The proof of reserves as the worker loads it, when its page first calls it
// (workers/kernel/deferred.ts): the domain, and its views by name.
export { reservesDomain as domain } from './handlers.ts';

/** It has no live views: its page shows what its call answers. */
export const views = {};
