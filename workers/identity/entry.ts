// What the worker knows of identity verification before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const identityEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    verificationInfo: true,
    uploadIdImage: true,
    submitVerification: true,
  },
  views: { verification: true },
});
