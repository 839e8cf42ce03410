// Every route of docs/product.md §2, one entry each, named: its path, what its query may hold, its
// title, the page that draws it (loaded when first visited), whether it is open without a login,
// and whether it refreshes on pull-down. A path is written here only: pages name a route
// (`routes.spotTrade`), and the router built from this table checks every link's path and query
// (src/routes/router.tsx).
import { authTitleKey } from '../account/auth-search.ts';
import { laterPage, type PageLoader, page, productPage, securityPage } from './page-loaders.ts';
import {
  articlesTitleKey,
  categoryQuery,
  idQuery,
  klineQuery,
  loginQuery,
  passwordQuery,
  shareQuery,
  symbolQuery,
  tradeSideQuery,
  walletQuery,
} from './route-search.ts';

export interface RouteEntry {
  path: string;
  /** What the query may hold (src/routes/route-search.ts); a route without one reads none. */
  search?: (raw: never) => object;
  /** i18n key of the title in the top bar. */
  titleKey: string;
  /** The title's key when it follows the query (the login page's tab), instead of `titleKey`. */
  titleFor?(search: Readonly<Record<string, unknown>>): string;
  page: PageLoader;
  /**
   * Open without a login: articles, customer service (ks), the price chart (kline) and spot, and
   * home and login (docs/product.md §2); why these, docs/decisions.md § "The client".
   */
  public?: true;
  /**
   * Pull-down refresh (docs/product.md §2: spot, futures and option lists; the asset center and
   * lists).
   */
  pullToRefresh?: true;
}

const home = page(() => import('../home/HomePage.tsx'), 'HomePage');
const location = page(() => import('../shell/LocationPage.tsx'), 'LocationPage');
const document = page(() => import('../content/DocumentPage.tsx'), 'DocumentPage', 'content');

export const routes = {
  home: { path: '/', titleKey: 'titles.home', page: home, public: true },
  homeIndex: { path: '/pages/index/index', titleKey: 'titles.home', page: home, public: true },
  login: {
    path: '/login',
    search: loginQuery,
    titleKey: 'titles.login',
    titleFor: authTitleKey,
    page: laterPage(() => import('../account/LoginPage.tsx'), 'LoginPage'),
    public: true,
  },
  assets: {
    path: '/pages/assets/index',
    titleKey: 'titles.assets',
    page: laterPage(() => import('../wallet/AssetsPage.tsx'), 'AssetsPage', 'wallet'),
    pullToRefresh: true,
  },
  deposit: {
    path: '/pages/assets/recharge',
    search: walletQuery,
    titleKey: 'titles.recharge',
    page: laterPage(() => import('../wallet/WalletDepositPage.tsx'), 'WalletDepositPage', 'wallet'),
  },
  deposits: {
    path: '/pages/assets/rechargeList',
    titleKey: 'titles.rechargeList',
    page: laterPage(
      () => import('../wallet/WalletDepositsPage.tsx'),
      'WalletDepositsPage',
      'wallet',
    ),
    pullToRefresh: true,
  },
  withdraw: {
    path: '/pages/assets/withdraw',
    search: walletQuery,
    titleKey: 'titles.withdraw',
    page: laterPage(
      () => import('../wallet/WalletWithdrawPage.tsx'),
      'WalletWithdrawPage',
      'wallet',
    ),
  },
  transfer: {
    path: '/pages/assets/transfer',
    search: walletQuery,
    titleKey: 'titles.transfer',
    page: laterPage(
      () => import('../wallet/WalletTransferPage.tsx'),
      'WalletTransferPage',
      'wallet',
    ),
  },
  walletRecords: {
    path: '/pages/assets/record',
    titleKey: 'titles.record',
    page: laterPage(() => import('../wallet/WalletRecordsPage.tsx'), 'WalletRecordsPage', 'wallet'),
    pullToRefresh: true,
  },
  addressBook: {
    path: '/pages/assets/address',
    titleKey: 'titles.address',
    page: laterPage(
      () => import('../wallet/WalletAddressBookPage.tsx'),
      'WalletAddressBookPage',
      'wallet',
    ),
  },
  addressAdd: {
    path: '/pages/assets/addressAdd',
    search: walletQuery,
    titleKey: 'titles.addressAdd',
    page: laterPage(
      () => import('../wallet/WalletAddressAddPage.tsx'),
      'WalletAddressAddPage',
      'wallet',
    ),
  },
  reserves: {
    path: '/pages/assets/reserves',
    titleKey: 'titles.reserves',
    page: laterPage(
      () => import('../wallet/ProofOfReservesPage.tsx'),
      'ProofOfReservesPage',
      'reserves',
    ),
    pullToRefresh: true,
  },
  spotMarkets: {
    path: '/pages/spot/index',
    titleKey: 'titles.spot',
    page: page(() => import('../market/MarketListPage.tsx'), 'SpotMarketsPage'),
    public: true,
    pullToRefresh: true,
  },
  spotTrade: {
    path: '/pages/spot/trade',
    search: tradeSideQuery,
    titleKey: 'titles.spot',
    page: page(() => import('../spot/SpotTradePage.tsx'), 'SpotTradePage'),
    public: true,
    pullToRefresh: true,
  },
  contractMarkets: {
    path: '/pages/contract/index',
    titleKey: 'titles.futures',
    page: productPage(
      () => import('../contract/ContractMarketsPage.tsx'),
      'ContractMarketsPage',
      'contract',
    ),
    pullToRefresh: true,
  },
  contractTrade: {
    path: '/pages/contract/trade',
    search: symbolQuery,
    titleKey: 'titles.futures',
    page: productPage(
      () => import('../contract/ContractTradePage.tsx'),
      'ContractTradePage',
      'contract',
    ),
    pullToRefresh: true,
  },
  contractHistory: {
    path: '/pages/contract/history',
    titleKey: 'titles.contractHistory',
    page: productPage(
      () => import('../contract/ContractHistoryPage.tsx'),
      'ContractHistoryPage',
      'contract',
    ),
    pullToRefresh: true,
  },
  contractShare: {
    path: '/pages/contract/share',
    search: shareQuery,
    titleKey: 'titles.contractShare',
    page: productPage(
      () => import('../contract/ContractSharePage.tsx'),
      'ContractSharePage',
      'contract',
    ),
  },
  optionMarkets: {
    path: '/pages/option/index',
    titleKey: 'titles.option',
    page: productPage(
      () => import('../option/OptionMarketsPage.tsx'),
      'OptionMarketsPage',
      'option',
    ),
    pullToRefresh: true,
  },
  optionTrade: {
    path: '/pages/option/trade',
    search: symbolQuery,
    titleKey: 'titles.option',
    page: productPage(() => import('../option/OptionTradePage.tsx'), 'OptionTradePage', 'option'),
    pullToRefresh: true,
  },
  kline: {
    path: '/pages/kline/index',
    search: klineQuery,
    titleKey: 'titles.kline',
    page: page(() => import('../market/KlinePage.tsx'), 'KlinePage'),
    public: true,
  },
  subscriptions: {
    path: '/pages/subscription/index',
    titleKey: 'titles.subscription',
    page: productPage(
      () => import('../subscription/SubscriptionListPage.tsx'),
      'SubscriptionListPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  subscriptionBuy: {
    path: '/pages/subscription/buy',
    search: idQuery,
    titleKey: 'titles.subscriptionBuy',
    page: productPage(
      () => import('../subscription/SubscriptionBuyPage.tsx'),
      'SubscriptionBuyPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  subscriptionRecords: {
    path: '/pages/subscription/record',
    titleKey: 'titles.subscriptionRecord',
    page: productPage(
      () => import('../subscription/SubscriptionRecordPage.tsx'),
      'SubscriptionRecordPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  aiProducts: {
    path: '/pages/ai/index',
    titleKey: 'titles.ai',
    page: productPage(() => import('../ai/AiProductsPage.tsx'), 'AiProductsPage', 'ai'),
    pullToRefresh: true,
  },
  aiProduct: {
    path: '/pages/ai/product',
    search: idQuery,
    titleKey: 'titles.aiProduct',
    page: productPage(() => import('../ai/AiProductPage.tsx'), 'AiProductPage', 'ai'),
    pullToRefresh: true,
  },
  aiWithdraw: {
    path: '/pages/ai/withdraw',
    search: idQuery,
    titleKey: 'titles.aiWithdraw',
    page: productPage(() => import('../ai/AiWithdrawPage.tsx'), 'AiWithdrawPage', 'ai'),
  },
  securityCenter: {
    path: '/pages/user/safe',
    titleKey: 'titles.safe',
    page: securityPage(() => import('../security/SecurityCenterPage.tsx'), 'SecurityCenterPage'),
  },
  totp: {
    path: '/pages/user/totp',
    titleKey: 'security.titles.totp',
    page: securityPage(() => import('../security/TotpBindPage.tsx'), 'TotpBindPage'),
  },
  totpUnbind: {
    path: '/pages/user/totpUnbind',
    titleKey: 'security.titles.totpUnbind',
    page: securityPage(() => import('../security/TotpUnbindPage.tsx'), 'TotpUnbindPage'),
  },
  phone: {
    path: '/pages/user/phone',
    titleKey: 'security.titles.phone',
    page: securityPage(() => import('../security/PhonePage.tsx'), 'PhonePage'),
  },
  antiPhishing: {
    path: '/pages/user/antiPhishing',
    titleKey: 'security.titles.antiPhishing',
    page: securityPage(() => import('../security/AntiPhishingPage.tsx'), 'AntiPhishingPage'),
  },
  sessions: {
    path: '/pages/user/sessions',
    titleKey: 'security.titles.sessions',
    page: securityPage(() => import('../security/SessionsPage.tsx'), 'SessionsPage'),
  },
  logins: {
    path: '/pages/user/logins',
    titleKey: 'security.titles.logins',
    page: securityPage(() => import('../security/LoginHistoryPage.tsx'), 'LoginHistoryPage'),
    pullToRefresh: true,
  },
  apiKeys: {
    path: '/pages/user/apiKeys',
    titleKey: 'security.titles.apiKeys',
    page: securityPage(() => import('../security/ApiKeysPage.tsx'), 'ApiKeysPage'),
  },
  passkeys: {
    path: '/pages/user/passkeys',
    titleKey: 'titles.passkeys',
    page: laterPage(() => import('../security/PasskeysPage.tsx'), 'PasskeysPage', 'passkeys'),
  },
  verification: {
    path: '/pages/user/auth',
    titleKey: 'titles.auth',
    page: laterPage(
      () => import('../identity/VerificationPage.tsx'),
      'VerificationPage',
      'identity',
    ),
  },
  password: {
    path: '/pages/user/password',
    search: passwordQuery,
    titleKey: 'titles.password',
    page: laterPage(() => import('../account/PasswordPage.tsx'), 'PasswordPage', 'security'),
  },
  share: {
    path: '/pages/user/share',
    titleKey: 'titles.share',
    page: laterPage(() => import('../account/SharePage.tsx'), 'SharePage', 'security'),
  },
  articles: {
    path: '/pages/article/index',
    search: categoryQuery,
    titleKey: 'titles.articles',
    titleFor: articlesTitleKey,
    page: page(() => import('../content/ArticleListPage.tsx'), 'ArticleListPage', 'content'),
    public: true,
  },
  article: {
    path: '/pages/article/detail',
    search: idQuery,
    titleKey: 'titles.articleDetail',
    page: page(() => import('../content/ArticlePage.tsx'), 'ArticlePage', 'content'),
    public: true,
  },
  msb: { path: '/pages/article/msb', titleKey: 'titles.msb', page: document, public: true },
  sec: { path: '/pages/article/sec', titleKey: 'titles.sec', page: document, public: true },
  support: {
    path: '/pages/ks/index',
    titleKey: 'titles.support',
    page: laterPage(() => import('../support/SupportPage.tsx'), 'SupportPage', 'support'),
    public: true,
  },
  notifications: {
    path: '/pages/notifications/index',
    titleKey: 'titles.notifications',
    page: laterPage(
      () => import('../notifications/NotificationsPage.tsx'),
      'NotificationsPage',
      'notifications',
    ),
  },
  chooseLocation: { path: '/choose-location', titleKey: 'titles.chooseLocation', page: location },
  openLocation: { path: '/open-location', titleKey: 'titles.openLocation', page: location },
  debug: {
    path: '/debug',
    titleKey: 'titles.debug',
    page: laterPage(() => import('../debug/DebugPage.tsx'), 'DebugPage'),
    public: true,
  },
} as const satisfies Record<string, RouteEntry>;

/** Every route, in the table's order. */
export const routeTable: readonly RouteEntry[] = Object.values(routes);

/** The page of a path that is no route. */
export const notFoundPage = page(() => import('../shell/NotFoundPage.tsx'), 'NotFoundPage');
