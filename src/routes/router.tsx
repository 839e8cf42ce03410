// The router: hash history (docs/product.md §2), every route of the table lazy-loaded with its
// query's reader, the login guard. It is registered below, so every link's path and query is
// checked against the table, and a page's `useSearch({ from })` reads its route's query as typed.
import {
  type AnyRoute,
  type AnyValidator,
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { AppShell } from '../shell/AppShell.tsx';
import { LoadingView, PageErrorView } from '../shell/PageStatus.tsx';
import { storage } from '../storage.ts';
import { loginReturningHere } from './navigation.ts';
import type { PageLoader } from './page-loaders.ts';
import { withPageTimeout } from './page-loading.ts';
import { runRefresh } from './pull-refresh.ts';
import { notFoundPage, type RouteEntry, routes } from './route-table.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: string;
    titleFor?: (search: Readonly<Record<string, unknown>>) => string;
    pullToRefresh?: boolean;
  }
}

const lazyPages = new WeakMap<PageLoader, ReturnType<typeof lazyRouteComponent>>();

/** A route's page, lazy-loaded within the page time-out; routes that share a page share it. */
function lazyPage(page: PageLoader) {
  const known = lazyPages.get(page);
  if (known) return known;
  const made = lazyRouteComponent(withPageTimeout(page.load), page.component);
  lazyPages.set(page, made);
  return made;
}

const rootRoute = createRootRoute({
  component: AppShell,
  notFoundComponent: lazyPage(notFoundPage),
});

/**
 * Protected pages send a logged-out visitor to /login (docs/product.md §2), with the page asked for
 * to return to once logged in.
 */
function requireLogin({ location }: { location: { href: string } }) {
  if (!storage.token()) throw redirect(loginReturningHere(location.href));
}

/**
 * Pull-down refresh invalidates the route; its loader then runs the page's own refresh (a reload
 * of the route it already shows, cause `stay`), blocking so the gesture's status waits for it.
 */
const pullRefreshLoader = {
  handler: ({
    cause,
    location,
  }: {
    cause: 'preload' | 'enter' | 'stay';
    location: { pathname: string };
  }) => (cause === 'stay' ? runRefresh(location.pathname) : undefined),
  staleReloadMode: 'blocking' as const,
};

/** The route of an entry of the table, typed by its own path and query. */
function routeOf<const Path extends string, Search extends AnyValidator = undefined>(
  entry: RouteEntry & { path: Path; search?: Search },
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    validateSearch: entry.search,
    component: lazyPage(entry.page),
    staticData: {
      titleKey: entry.titleKey,
      ...(entry.titleFor ? { titleFor: entry.titleFor } : {}),
      pullToRefresh: entry.pullToRefresh ?? false,
    },
    ...(entry.public ? {} : { beforeLoad: requireLogin }),
    ...(entry.pullToRefresh ? { loader: pullRefreshLoader } : {}),
  });
}

/**
 * Every route of the table under its name, each keeping its own path and query types (a route left
 * out of this list fails to type-check).
 */
const children = {
  home: routeOf(routes.home),
  homeIndex: routeOf(routes.homeIndex),
  login: routeOf(routes.login),
  assets: routeOf(routes.assets),
  deposit: routeOf(routes.deposit),
  deposits: routeOf(routes.deposits),
  withdraw: routeOf(routes.withdraw),
  transfer: routeOf(routes.transfer),
  walletRecords: routeOf(routes.walletRecords),
  addressBook: routeOf(routes.addressBook),
  addressAdd: routeOf(routes.addressAdd),
  reserves: routeOf(routes.reserves),
  spotMarkets: routeOf(routes.spotMarkets),
  spotTrade: routeOf(routes.spotTrade),
  contractMarkets: routeOf(routes.contractMarkets),
  contractTrade: routeOf(routes.contractTrade),
  contractHistory: routeOf(routes.contractHistory),
  contractShare: routeOf(routes.contractShare),
  optionMarkets: routeOf(routes.optionMarkets),
  optionTrade: routeOf(routes.optionTrade),
  kline: routeOf(routes.kline),
  subscriptions: routeOf(routes.subscriptions),
  subscriptionBuy: routeOf(routes.subscriptionBuy),
  subscriptionRecords: routeOf(routes.subscriptionRecords),
  aiProducts: routeOf(routes.aiProducts),
  aiProduct: routeOf(routes.aiProduct),
  aiWithdraw: routeOf(routes.aiWithdraw),
  securityCenter: routeOf(routes.securityCenter),
  totp: routeOf(routes.totp),
  totpUnbind: routeOf(routes.totpUnbind),
  phone: routeOf(routes.phone),
  antiPhishing: routeOf(routes.antiPhishing),
  sessions: routeOf(routes.sessions),
  logins: routeOf(routes.logins),
  apiKeys: routeOf(routes.apiKeys),
  passkeys: routeOf(routes.passkeys),
  verification: routeOf(routes.verification),
  password: routeOf(routes.password),
  share: routeOf(routes.share),
  articles: routeOf(routes.articles),
  article: routeOf(routes.article),
  msb: routeOf(routes.msb),
  sec: routeOf(routes.sec),
  support: routeOf(routes.support),
  notifications: routeOf(routes.notifications),
  chooseLocation: routeOf(routes.chooseLocation),
  openLocation: routeOf(routes.openLocation),
  debug: routeOf(routes.debug),
} satisfies Record<keyof typeof routes, AnyRoute>;

export const router = createRouter({
  routeTree: rootRoute.addChildren(children),
  history: createHashHistory(),
  defaultPendingComponent: LoadingView,
  defaultErrorComponent: PageErrorView,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
