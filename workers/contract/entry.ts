// What the worker knows of the perpetual contracts before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const contractEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    loadContractBoard: true,
    refreshContract: true,
    reviewContractOrder: true,
    openContract: true,
    closeContract: true,
    closeAllContracts: true,
    cancelContractOrder: true,
    reviewTpSl: true,
    changePosition: true,
    setContractLeverage: true,
    contractOrders: true,
    contractHistory: true,
    contractFills: true,
    contractFunding: true,
    contractLiquidations: true,
    shareCard: true,
  },
  views: {
    contractBoard: true,
    contract: true,
    contractBook: true,
    contractTrades: true,
  },
});
