// Builds the worker's core: the kernel, with the view registry and the domains, and the facade
// object as the kernel's and the domains' handler objects put together (a deferred domain's by
// stand-ins that load it on their first call).
import type { DomainHandlers } from './domains.ts';
import { deferredDomains, startDomains } from './domains.ts';
import type { CoreFacade } from './facade.ts';
import { combine } from './kernel/combine.ts';
import { Kernel, type WorkerCoreDeps } from './kernel/kernel.ts';
import { views } from './views.ts';

export type { WorkerCoreDeps };

export interface WorkerCore extends CoreFacade {
  /** Folds the newest part of the kept log, so a reload comes back to the screen it left. */
  restore(limit?: number): Promise<void>;
  start(): void;
  stop(): void;
}

export function createWorkerCore(deps: WorkerCoreDeps): WorkerCore {
  const kernel = new Kernel(deps, views, startDomains, deferredDomains);
  // The lists are the ones DomainHandlers is derived from, so the combination is exactly that.
  const domainHandlers = combine(
    ...startDomains.map((domain) => domain.handlers(kernel.context) as object),
    kernel.deferredHandlers,
  ) as unknown as DomainHandlers;
  return {
    ...combine(kernel.handlers, domainHandlers),
    restore: (limit) => kernel.restore(limit),
    start: () => kernel.start(),
    stop: () => kernel.stop(),
  };
}
