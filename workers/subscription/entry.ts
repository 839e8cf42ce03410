// What the worker knows of the pre-sale subscriptions before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const subscriptionEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    subscriptionProjects: true,
    refreshSubscription: true,
    reviewSubscription: true,
    commitSubscription: true,
    subscriptionRecords: true,
    subscriptionAllocation: true,
  },
  views: {
    subscriptionBuy: true,
  },
});
