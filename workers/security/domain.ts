// The security center's and the invite page's calls as the worker loads them, when a page first
// calls them (workers/kernel/deferred.ts): the domain and its views by name.
export { securityDomain as domain } from './handlers.ts';

/** It has no live views: its pages show what its calls answer. */
export const views = {};
