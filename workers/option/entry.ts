// What the worker knows of the second contract before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const optionEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    loadOptionBoard: true,
    refreshOption: true,
    reviewOption: true,
    placeOption: true,
    optionContracts: true,
    verifyOption: true,
    setOptionLimit: true,
  },
  views: {
    optionRates: true,
    option: true,
  },
});
