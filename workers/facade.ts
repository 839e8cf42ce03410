// The one front door of the worker: what the UI may call and watch, and what the worker pushes to
// it. `src/` imports this file as types only. The handlers and the types are the kernel's and every
// domain's (workers/domains.ts, which names the domains); the views are the registry's
// (workers/views.ts) and the deferred domains'.
import type { DeferredDomainName, DeferredViews, DomainHandlers } from './domains.ts';
import type { KernelHandlers } from './kernel/kernel.ts';
import type { ParamsOf, PayloadOf } from './kernel/view.ts';
import type { views } from './views.ts';

/** Each domain's types, as its line in the domains' list exports them. */
export type * from './domains.ts';

export type { ApiFailure } from './kernel/api-client.ts';
export type { HostEvents } from './kernel/kernel.ts';
export type { ListPage, Outcome } from './kernel/outcome.ts';
export type { ScreenView } from './kernel/screen-views.ts';

type Views = typeof views & DeferredViews;

export type ViewName = keyof Views;
/** What each view sends: small, screen-ready, and only when its part of the fold changed. */
export type ViewPayloads = { [K in ViewName]: PayloadOf<Views[K]> };
/** What a view is of: the market views name their symbol (and the chart its period). */
export type ViewParams = { [K in ViewName]: ParamsOf<Views[K]> };

export type CoreFacade = KernelHandlers<Views, DeferredDomainName> & DomainHandlers;
