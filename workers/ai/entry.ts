// What the worker knows of the AI products before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const aiEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    refreshAi: true,
    reviewAi: true,
    buyAi: true,
    aiOrders: true,
    withdrawAi: true,
  },
  views: {
    aiBoard: true,
    aiProduct: true,
    aiOrder: true,
  },
});
