// How a route's page loads: its module on first visit, with the styles and strings the pages
// beyond the first screens share, and the worker's domain it calls (loaded beside the module).
// The route table (src/routes/route-table.ts) names one of these for each route; build/page-groups.ts
// groups a product's pages into one file.
import type { DeferredDomainName } from '../../workers/facade.ts';
import { prepareDomain } from '../core-bridge.ts';
import { pageStrings, productStrings, securityStrings } from '../i18n/index.ts';

/** A page module's loader and the name of the component it exports. */
export interface PageLoader {
  load(): Promise<Record<string, unknown>>;
  component: string;
}

/**
 * A page: its module and, checked against it, the component it exports; `domain`, the worker's
 * domain it calls, loads beside the module when the worker has not loaded it yet.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  component: keyof M & string,
  domain?: DeferredDomainName,
): PageLoader {
  if (!domain) return { load, component };
  return {
    load: () => {
      prepareDomain(domain);
      return load();
    },
    component,
  };
}

/** The styles of the pages beyond the first screens (src/page-styles.css). */
const pageStyles = () => import('../page-styles.css');

/**
 * A page beyond the first screens (the wallet's, the account's, verification, support, /debug):
 * its module, and those pages' styles and strings, loaded together.
 */
export function laterPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  component: keyof M & string,
  domain?: DeferredDomainName,
): PageLoader {
  return page(
    () => Promise.all([load(), pageStyles(), pageStrings()]).then(([module]) => module),
    component,
    domain,
  );
}

/** A product's page: a later page whose module loads with the products' strings. */
export function productPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  component: keyof M & string,
  domain: DeferredDomainName,
): PageLoader {
  return laterPage(
    () => Promise.all([load(), productStrings()]).then(([module]) => module),
    component,
    domain,
  );
}

/** A page of the security center: a later page whose module loads with the center's strings. */
export function securityPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  component: keyof M & string,
): PageLoader {
  return laterPage(
    () => Promise.all([load(), securityStrings()]).then(([module]) => module),
    component,
    'security',
  );
}
