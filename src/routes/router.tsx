// The router: hash history (docs/product.md §2), every route of the table lazy-loaded, the login
// guard.
import {
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
import { withPageTimeout } from './page-loading.ts';
import { runRefresh } from './pull-refresh.ts';
import { loginReturningHere } from './return-path.ts';
import { notFoundPage, type PageLoader, routeTable } from './route-table.ts';

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
  * rotected pages send a logged-out visitor to /login (docs/product.md §2), with the page asked for
  * to
 * return to once logged in.
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

const routes = routeTable.map((entry) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: entry.path,
    component: lazyPage(entry.page),
    staticData: {
      titleKey: entry.titleKey,
      ...(entry.titleFor ? { titleFor: entry.titleFor } : {}),
      pullToRefresh: entry.pullToRefresh ?? false,
    },
    ...(entry.public ? {} : { beforeLoad: requireLogin }),
    ...(entry.pullToRefresh ? { loader: pullRefreshLoader } : {}),
  }),
);

export const router = createRouter({
  routeTree: rootRoute.addChildren(routes),
  history: createHashHistory(),
  defaultPendingComponent: LoadingView,
  defaultErrorComponent: PageErrorView,
});
