// Articles and documents as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
export { contentDomain as domain } from './handlers.ts';

/** It has no live views: its pages show what its calls answer. */
export const views = {};
