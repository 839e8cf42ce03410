// The router: hash history (spec §7), every route of the table lazy-loaded, the login guard.
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { runRefresh } from '../market/pull-refresh.ts';
import { AppShell } from '../shell/AppShell.tsx';
import { LoadingView, PageErrorView } from '../shell/PageStatus.tsx';
import { storage } from '../storage.ts';
import { withPageTimeout } from './page-loading.ts';
import { isPublicPath, type PageKind, routeTable } from './route-table.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: string;
    pullToRefresh?: boolean;
  }
}

const pages: Record<PageKind, ReturnType<typeof lazyRouteComponent>> = {
  home: lazyRouteComponent(
    withPageTimeout(() => import('../pages/HomePage.tsx')),
    'HomePage',
  ),
  login: lazyRouteComponent(
    withPageTimeout(() => import('../pages/LoginPage.tsx')),
    'LoginPage',
  ),
  feature: lazyRouteComponent(
    withPageTimeout(() => import('../pages/FeaturePage.tsx')),
    'FeaturePage',
  ),
  debug: lazyRouteComponent(
    withPageTimeout(() => import('../pages/DebugPage.tsx')),
    'DebugPage',
  ),
  location: lazyRouteComponent(
    withPageTimeout(() => import('../pages/LocationPage.tsx')),
    'LocationPage',
  ),
  spotMarkets: lazyRouteComponent(
    withPageTimeout(() => import('../pages/MarketListPage.tsx')),
    'SpotMarketsPage',
  ),
  spotTrade: lazyRouteComponent(
    withPageTimeout(() => import('../pages/SpotTradePage.tsx')),
    'SpotTradePage',
  ),
  futuresMarkets: lazyRouteComponent(
    withPageTimeout(() => import('../pages/MarketListPage.tsx')),
    'FuturesMarketsPage',
  ),
  optionMarkets: lazyRouteComponent(
    withPageTimeout(() => import('../pages/MarketListPage.tsx')),
    'OptionMarketsPage',
  ),
  kline: lazyRouteComponent(
    withPageTimeout(() => import('../pages/KlinePage.tsx')),
    'KlinePage',
  ),
  assets: lazyRouteComponent(
    withPageTimeout(() => import('../pages/AssetsPage.tsx')),
    'AssetsPage',
  ),
  deposit: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletDepositPage.tsx')),
    'WalletDepositPage',
  ),
  deposits: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletDepositsPage.tsx')),
    'WalletDepositsPage',
  ),
  withdraw: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletWithdrawPage.tsx')),
    'WalletWithdrawPage',
  ),
  transfer: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletTransferPage.tsx')),
    'WalletTransferPage',
  ),
  records: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletRecordsPage.tsx')),
    'WalletRecordsPage',
  ),
  addressBook: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletAddressBookPage.tsx')),
    'WalletAddressBookPage',
  ),
  addressAdd: lazyRouteComponent(
    withPageTimeout(() => import('../pages/WalletAddressAddPage.tsx')),
    'WalletAddressAddPage',
  ),
  verification: lazyRouteComponent(
    withPageTimeout(() => import('../pages/VerificationPage.tsx')),
    'VerificationPage',
  ),
  securityCenter: lazyRouteComponent(
    withPageTimeout(() => import('../pages/SecurityCenterPage.tsx')),
    'SecurityCenterPage',
  ),
  password: lazyRouteComponent(
    withPageTimeout(() => import('../pages/PasswordPage.tsx')),
    'PasswordPage',
  ),
  share: lazyRouteComponent(
    withPageTimeout(() => import('../pages/SharePage.tsx')),
    'SharePage',
  ),
  articles: lazyRouteComponent(
    withPageTimeout(() => import('../pages/ArticleListPage.tsx')),
    'ArticleListPage',
  ),
  article: lazyRouteComponent(
    withPageTimeout(() => import('../pages/ArticlePage.tsx')),
    'ArticlePage',
  ),
  document: lazyRouteComponent(
    withPageTimeout(() => import('../pages/DocumentPage.tsx')),
    'DocumentPage',
  ),
  support: lazyRouteComponent(
    withPageTimeout(() => import('../pages/SupportPage.tsx')),
    'SupportPage',
  ),
};

const notFound = lazyRouteComponent(
  withPageTimeout(() => import('../pages/NotFoundPage.tsx')),
  'NotFoundPage',
);

const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: notFound });

/** Protected pages send a logged-out visitor to /login (spec §2). */
function requireLogin() {
  if (!storage.token()) throw redirect({ to: '/login' });
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
    component: pages[entry.page],
    staticData: { titleKey: entry.titleKey, pullToRefresh: entry.pullToRefresh ?? false },
    ...(isPublicPath(entry.path) ? {} : { beforeLoad: requireLogin }),
    ...(entry.pullToRefresh ? { loader: pullRefreshLoader } : {}),
  }),
);

export const router = createRouter({
  routeTree: rootRoute.addChildren(routes),
  history: createHashHistory(),
  defaultPendingComponent: LoadingView,
  defaultErrorComponent: PageErrorView,
});
