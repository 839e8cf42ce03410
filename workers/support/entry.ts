// What the worker knows of customer service before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const supportEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    customerService: true,
    loadSupport: true,
    sendSupport: true,
  },
  views: {
    support: true,
  },
});
