// Every route of docs/product.md §2, one entry each: its path, its title, the page that draws it
// (loaded when first visited), whether it is open without a login, and whether it refreshes on
// pull-down.
import type { DeferredDomainName } from '../../workers/facade.ts';
import { authTitleKey } from '../account/auth-search.ts';
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
function page<M extends Record<string, unknown>>(
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
function laterPage<M extends Record<string, unknown>>(
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
function productPage<M extends Record<string, unknown>>(
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
function securityPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  component: keyof M & string,
): PageLoader {
  return laterPage(
    () => Promise.all([load(), securityStrings()]).then(([module]) => module),
    component,
    'security',
  );
}

export interface RouteEntry {
  path: string;
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

export const routeTable: readonly RouteEntry[] = [
  { path: '/', titleKey: 'titles.home', page: home, public: true },
  { path: '/pages/index/index', titleKey: 'titles.home', page: home, public: true },
  {
    path: '/login',
    titleKey: 'titles.login',
    titleFor: authTitleKey,
    page: laterPage(() => import('../account/LoginPage.tsx'), 'LoginPage'),
    public: true,
  },
  {
    path: '/pages/assets/index',
    titleKey: 'titles.assets',
    page: laterPage(() => import('../wallet/AssetsPage.tsx'), 'AssetsPage', 'wallet'),
    pullToRefresh: true,
  },
  {
    path: '/pages/assets/recharge',
    titleKey: 'titles.recharge',
    page: laterPage(() => import('../wallet/WalletDepositPage.tsx'), 'WalletDepositPage', 'wallet'),
  },
  {
    path: '/pages/assets/rechargeList',
    titleKey: 'titles.rechargeList',
    page: laterPage(
      () => import('../wallet/WalletDepositsPage.tsx'),
      'WalletDepositsPage',
      'wallet',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/assets/withdraw',
    titleKey: 'titles.withdraw',
    page: laterPage(
      () => import('../wallet/WalletWithdrawPage.tsx'),
      'WalletWithdrawPage',
      'wallet',
    ),
  },
  {
    path: '/pages/assets/transfer',
    titleKey: 'titles.transfer',
    page: laterPage(
      () => import('../wallet/WalletTransferPage.tsx'),
      'WalletTransferPage',
      'wallet',
    ),
  },
  {
    path: '/pages/assets/record',
    titleKey: 'titles.record',
    page: laterPage(() => import('../wallet/WalletRecordsPage.tsx'), 'WalletRecordsPage', 'wallet'),
    pullToRefresh: true,
  },
  {
    path: '/pages/assets/address',
    titleKey: 'titles.address',
    page: laterPage(
      () => import('../wallet/WalletAddressBookPage.tsx'),
      'WalletAddressBookPage',
      'wallet',
    ),
  },
  {
    path: '/pages/assets/addressAdd',
    titleKey: 'titles.addressAdd',
    page: laterPage(
      () => import('../wallet/WalletAddressAddPage.tsx'),
      'WalletAddressAddPage',
      'wallet',
    ),
  },
  {
    path: '/pages/assets/reserves',
    titleKey: 'titles.reserves',
    page: laterPage(
      () => import('../wallet/ProofOfReservesPage.tsx'),
      'ProofOfReservesPage',
      'reserves',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/spot/index',
    titleKey: 'titles.spot',
    page: page(() => import('../market/MarketListPage.tsx'), 'SpotMarketsPage'),
    public: true,
    pullToRefresh: true,
  },
  {
    path: '/pages/spot/trade',
    titleKey: 'titles.spot',
    page: page(() => import('../spot/SpotTradePage.tsx'), 'SpotTradePage'),
    public: true,
    pullToRefresh: true,
  },
  {
    path: '/pages/contract/index',
    titleKey: 'titles.futures',
    page: productPage(
      () => import('../contract/ContractMarketsPage.tsx'),
      'ContractMarketsPage',
      'contract',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/contract/trade',
    titleKey: 'titles.futures',
    page: productPage(
      () => import('../contract/ContractTradePage.tsx'),
      'ContractTradePage',
      'contract',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/contract/history',
    titleKey: 'titles.contractHistory',
    page: productPage(
      () => import('../contract/ContractHistoryPage.tsx'),
      'ContractHistoryPage',
      'contract',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/contract/share',
    titleKey: 'titles.contractShare',
    page: productPage(
      () => import('../contract/ContractSharePage.tsx'),
      'ContractSharePage',
      'contract',
    ),
  },
  {
    path: '/pages/option/index',
    titleKey: 'titles.option',
    page: productPage(
      () => import('../option/OptionMarketsPage.tsx'),
      'OptionMarketsPage',
      'option',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/option/trade',
    titleKey: 'titles.option',
    page: productPage(() => import('../option/OptionTradePage.tsx'), 'OptionTradePage', 'option'),
    pullToRefresh: true,
  },
  {
    path: '/pages/kline/index',
    titleKey: 'titles.kline',
    page: page(() => import('../market/KlinePage.tsx'), 'KlinePage'),
    public: true,
  },
  {
    path: '/pages/subscription/index',
    titleKey: 'titles.subscription',
    page: productPage(
      () => import('../subscription/SubscriptionListPage.tsx'),
      'SubscriptionListPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/subscription/buy',
    titleKey: 'titles.subscriptionBuy',
    page: productPage(
      () => import('../subscription/SubscriptionBuyPage.tsx'),
      'SubscriptionBuyPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/subscription/record',
    titleKey: 'titles.subscriptionRecord',
    page: productPage(
      () => import('../subscription/SubscriptionRecordPage.tsx'),
      'SubscriptionRecordPage',
      'subscription',
    ),
    pullToRefresh: true,
  },
  {
    path: '/pages/ai/index',
    titleKey: 'titles.ai',
    page: productPage(() => import('../ai/AiProductsPage.tsx'), 'AiProductsPage', 'ai'),
    pullToRefresh: true,
  },
  {
    path: '/pages/ai/product',
    titleKey: 'titles.aiProduct',
    page: productPage(() => import('../ai/AiProductPage.tsx'), 'AiProductPage', 'ai'),
    pullToRefresh: true,
  },
  {
    path: '/pages/ai/withdraw',
    titleKey: 'titles.aiWithdraw',
    page: productPage(() => import('../ai/AiWithdrawPage.tsx'), 'AiWithdrawPage', 'ai'),
  },
  {
    path: '/pages/user/safe',
    titleKey: 'titles.safe',
    page: securityPage(() => import('../security/SecurityCenterPage.tsx'), 'SecurityCenterPage'),
  },
  {
    path: '/pages/user/totp',
    titleKey: 'security.titles.totp',
    page: securityPage(() => import('../security/TotpBindPage.tsx'), 'TotpBindPage'),
  },
  {
    path: '/pages/user/totpUnbind',
    titleKey: 'security.titles.totpUnbind',
    page: securityPage(() => import('../security/TotpUnbindPage.tsx'), 'TotpUnbindPage'),
  },
  {
    path: '/pages/user/phone',
    titleKey: 'security.titles.phone',
    page: securityPage(() => import('../security/PhonePage.tsx'), 'PhonePage'),
  },
  {
    path: '/pages/user/antiPhishing',
    titleKey: 'security.titles.antiPhishing',
    page: securityPage(() => import('../security/AntiPhishingPage.tsx'), 'AntiPhishingPage'),
  },
  {
    path: '/pages/user/sessions',
    titleKey: 'security.titles.sessions',
    page: securityPage(() => import('../security/SessionsPage.tsx'), 'SessionsPage'),
  },
  {
    path: '/pages/user/logins',
    titleKey: 'security.titles.logins',
    page: securityPage(() => import('../security/LoginHistoryPage.tsx'), 'LoginHistoryPage'),
    pullToRefresh: true,
  },
  {
    path: '/pages/user/passkeys',
    titleKey: 'titles.passkeys',
    page: laterPage(() => import('../security/PasskeysPage.tsx'), 'PasskeysPage', 'passkeys'),
  },
  {
    path: '/pages/user/auth',
    titleKey: 'titles.auth',
    page: laterPage(
      () => import('../identity/VerificationPage.tsx'),
      'VerificationPage',
      'identity',
    ),
  },
  {
    path: '/pages/user/password',
    titleKey: 'titles.password',
    page: laterPage(() => import('../account/PasswordPage.tsx'), 'PasswordPage', 'security'),
  },
  {
    path: '/pages/user/share',
    titleKey: 'titles.share',
    page: laterPage(() => import('../account/SharePage.tsx'), 'SharePage', 'security'),
  },
  {
    path: '/pages/article/index',
    titleKey: 'titles.articles',
    page: page(() => import('../content/ArticleListPage.tsx'), 'ArticleListPage', 'content'),
    public: true,
  },
  {
    path: '/pages/article/detail',
    titleKey: 'titles.articleDetail',
    page: page(() => import('../content/ArticlePage.tsx'), 'ArticlePage', 'content'),
    public: true,
  },
  { path: '/pages/article/msb', titleKey: 'titles.msb', page: document, public: true },
  { path: '/pages/article/sec', titleKey: 'titles.sec', page: document, public: true },
  {
    path: '/pages/ks/index',
    titleKey: 'titles.support',
    page: laterPage(() => import('../support/SupportPage.tsx'), 'SupportPage', 'support'),
    public: true,
  },
  { path: '/choose-location', titleKey: 'titles.chooseLocation', page: location },
  { path: '/open-location', titleKey: 'titles.openLocation', page: location },
  {
    path: '/debug',
    titleKey: 'titles.debug',
    page: laterPage(() => import('../debug/DebugPage.tsx'), 'DebugPage'),
    public: true,
  },
];

/** The page of a path that is no route. */
export const notFoundPage = page(() => import('../shell/NotFoundPage.tsx'), 'NotFoundPage');
