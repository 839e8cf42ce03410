// The one front door of the worker: what the UI may call and watch, and what the worker pushes to
// it. `src/` imports this file as types only. The handlers are the kernel's and every domain's
// (workers/domains.ts); the views are the registry's (workers/views.ts) and the deferred
// domains'.
import type { DeferredDomainName, DeferredViews, DomainHandlers } from './domains.ts';
import type { KernelHandlers } from './kernel/kernel.ts';
import type { ParamsOf, PayloadOf } from './kernel/view.ts';
import type { views } from './views.ts';

export type * from './accounts/types.ts';
export type * from './ai/types.ts';
export type * from './content/types.ts';
export type * from './contract/types.ts';
export type * from './identity/types.ts';
export type { ApiFailure } from './kernel/api-client.ts';
export type { HostEvents } from './kernel/kernel.ts';
export type { ListPage, Outcome } from './kernel/outcome.ts';
export type { ScreenView } from './kernel/screen-views.ts';
export type * from './market/types.ts';
export type * from './option/types.ts';
export type * from './passkeys/types.ts';
export type * from './reserves/types.ts';
export type * from './security/types.ts';
export type * from './spot/types.ts';
export type * from './subscription/types.ts';
export type * from './support/types.ts';
export type * from './wallet/types.ts';

type Views = typeof views & DeferredViews;

export type ViewName = keyof Views;
/** What each view sends: small, screen-ready, and only when its part of the fold changed. */
export type ViewPayloads = { [K in ViewName]: PayloadOf<Views[K]> };
/** What a view is of: the market views name their symbol (and the chart its period). */
export type ViewParams = { [K in ViewName]: ParamsOf<Views[K]> };

export type { DeferredDomainName };

export type CoreFacade = KernelHandlers<Views, DeferredDomainName> & DomainHandlers;
