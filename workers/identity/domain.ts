// Identity verification as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
export { identityDomain as domain } from './handlers.ts';

import { verificationLiveView } from './views.ts';

/** The verification page shows what its calls answer, and the decision pushed after. */
export const views = { verification: verificationLiveView };
