// The worker's domains: one line each. Their handler objects, put together with the kernel's,
// are the facade; the UI's facade type is derived from this list.
import { accountsDomain } from './accounts/handlers.ts';
import { aiDomain } from './ai/handlers.ts';
import { contentDomain } from './content/handlers.ts';
import { contractDomain } from './contract/handlers.ts';
import { identityDomain } from './identity/handlers.ts';
import type { Intersection } from './kernel/combine.ts';
import type { Domain } from './kernel/context.ts';
import { marketDomain } from './market/handlers.ts';
import { optionDomain } from './option/handlers.ts';
import { spotDomain } from './spot/handlers.ts';
import { subscriptionDomain } from './subscription/handlers.ts';
import { supportDomain } from './support/handlers.ts';
import { walletDomain } from './wallet/handlers.ts';

export const domains = [
  accountsDomain,
  identityDomain,
  marketDomain,
  spotDomain,
  contractDomain,
  optionDomain,
  subscriptionDomain,
  aiDomain,
  walletDomain,
  contentDomain,
  supportDomain,
] as const;

type HandlersOf<D> = D extends Domain<infer H> ? H : never;

/** Every domain's handlers, as one object type. */
export type DomainHandlers = Intersection<HandlersOf<(typeof domains)[number]>>;
