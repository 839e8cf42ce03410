// What the worker knows of the proof of reserves before it loads it: the name of its handler,
// held to the loaded module's by the type checker. Its file carries the verifier and SHA-256, so
// no other page pays for them.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const reservesEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: { reserveProof: true },
  views: {},
});
