// The passkeys' calls as the worker loads them, when the passkeys page or a passkey sign-in first
// calls them (workers/kernel/deferred.ts): the domain and its views by name.
export { passkeysDomain as domain } from './handlers.ts';

/** It has no live views: its page shows what its calls answer. */
export const views = {};
