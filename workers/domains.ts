// The worker's domains: one line each. The ones loaded with the worker are what the shell, the
// home page and a spot market use at once; the others load when a page first calls or watches
// them (kernel/deferred.ts). Their handler objects, put together with the kernel's, are the
// facade; the UI's facade type is derived from these lists.
import { accountsDomain } from './accounts/handlers.ts';
import { aiEntry } from './ai/entry.ts';
import { contentEntry } from './content/entry.ts';
import { contractEntry } from './contract/entry.ts';
import { identityEntry } from './identity/entry.ts';
import type { Intersection } from './kernel/combine.ts';
import type { Deferred, HandlersOf, LoadedDomain, LoadedOf } from './kernel/deferred.ts';
import { marketDomain } from './market/handlers.ts';
import { notificationsEntry } from './notifications/entry.ts';
import { optionEntry } from './option/entry.ts';
import { passkeysEntry } from './passkeys/entry.ts';
import { reservesEntry } from './reserves/entry.ts';
import { securityEntry } from './security/entry.ts';
import { spotDomain } from './spot/handlers.ts';
import { subscriptionEntry } from './subscription/entry.ts';
import { supportEntry } from './support/entry.ts';
import { walletEntry } from './wallet/entry.ts';

// What each domain's pages read: its types, passed on by the facade (workers/facade.ts).
export type * from './accounts/types.ts';
export type * from './ai/types.ts';
export type * from './content/types.ts';
export type * from './contract/types.ts';
export type * from './identity/types.ts';
export type * from './market/types.ts';
export type * from './notifications/types.ts';
export type * from './option/types.ts';
export type * from './passkeys/types.ts';
export type * from './reserves/types.ts';
export type * from './security/types.ts';
export type * from './spot/types.ts';
export type * from './subscription/types.ts';
export type * from './support/types.ts';
export type * from './wallet/types.ts';

/** Loaded with the worker. */
export const startDomains = [accountsDomain, marketDomain, spotDomain] as const;

/** Loaded when first used, or when a page about to use one names it (`prepare`). */
export const deferredDomains = {
  contract: contractEntry,
  option: optionEntry,
  subscription: subscriptionEntry,
  ai: aiEntry,
  wallet: walletEntry,
  security: securityEntry,
  passkeys: passkeysEntry,
  reserves: reservesEntry,
  identity: identityEntry,
  content: contentEntry,
  support: supportEntry,
  notifications: notificationsEntry,
} as const;

export type DeferredDomainName = keyof typeof deferredDomains;

type DeferredModule = LoadedOf<(typeof deferredDomains)[DeferredDomainName]>;
type DeferredHandlers<M> = M extends LoadedDomain ? Deferred<HandlersOf<M['domain']>> : never;

/** Every domain's handlers, as one object type; a deferred domain's answer once it has loaded. */
export type DomainHandlers = Intersection<HandlersOf<(typeof startDomains)[number]>> &
  Intersection<DeferredHandlers<DeferredModule>>;

/** The deferred domains' views, by name. */
export type DeferredViews = Intersection<DeferredModule['views']>;
