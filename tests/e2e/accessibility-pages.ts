// Every page of the app as a visitor and as a registered user reach it, for the accessibility
// check: its route, and what the user does there first when the page is a state of another one.
import type { Page } from 'playwright-core';

export interface ScannedPage {
  name: string;
  path: string;
  /** Brings the page into the state to check, once its content is shown. */
  prepare?: (page: Page) => Promise<void>;
}

/** The ids of what an operator put on sale, so the pages show real content. */
export interface Catalogue {
  articleId: number;
  aiProductId: number;
  aiOrderId: number;
  subscriptionId: number;
}

const openMenu = async (page: Page) => {
  await page.locator('.top-bar .icon-button').first().click();
  await page.locator('.panel--start').waitFor();
};

const openLanguages = async (page: Page) => {
  await page.locator('.top-bar__side--end .icon-button').click();
  await page.locator('.panel--end').waitFor();
};

/** The logout confirmation, left open: the check reads it and does not answer it. */
const askToLogOut = async (page: Page) => {
  await openMenu(page);
  await page.locator('.menu-entry').last().click();
  await page.getByRole('alertdialog').waitFor();
};

const openLeverageSheet = async (page: Page) => {
  await page.getByTestId('contract-leverage').click();
  await page.getByRole('dialog').waitFor();
};

const openPairs = async (page: Page) => {
  await page.getByTestId('pair-switch').click();
  await page.getByTestId('pair-ETHUSDT').waitFor();
};

/** The depth chart in the book's place, drawn. */
const showDepth = async (page: Page) => {
  await page.getByTestId('book-tab-depth').click();
  await page.locator('[data-testid="depth-chart"] svg').waitFor();
};

const showRegistration = async (page: Page) => {
  await page.getByRole('tab').nth(1).click();
  await page.locator('input[name="repassword"]').waitFor();
};

/**
 * The login's second step, as an account with an authenticator app meets it: the server's answer
 * to the password is stood in for, so no account is needed and none is signed in.
 */
const askSecondFactor = async (page: Page) => {
  const login = '**/api/login/index';
  await page.route(login, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 1700, msg: 'Enter the code', data: null }),
    }),
  );
  await page.locator('input[name="account"]').fill('someone@example.com');
  await page.locator('input[name="password"]').fill('Secret123');
  await page.locator('form.auth button[type="submit"]').click();
  await page.getByTestId('login-second-step').waitFor();
  await page.unroute(login);
};

/** Whitelist mode's switch turned off asks for the email code in a sheet: switched on first. */
const askWhitelistOff = async (page: Page) => {
  const toggle = page.getByTestId('safe-whitelist-switch');
  if ((await toggle.getAttribute('aria-checked')) !== 'true') {
    await toggle.click();
    await page.locator('[data-testid="safe-whitelist-switch"][aria-checked="true"]').waitFor();
  }
  await toggle.click();
  await page.getByTestId('whitelist-off-sheet').waitFor();
};

/**
 * The ten recovery codes shown once an authenticator is bound: the server's answer to the code is
 * stood in for, so the account stays without one and the set-up page reads the same next time.
 */
const showRecoveryCodes = async (page: Page) => {
  const bind = '**/api/security/totp/bind';
  const codes = Array.from({ length: 10 }, (_, i) => `a${i}b2c-d3e4f`);
  await page.route(bind, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 200, msg: 'OK', data: { recovery_codes: codes } }),
    }),
  );
  await page.locator('input[name="totp_code"]').fill('123456');
  await page.getByTestId('totp-bind-submit').click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.unroute(bind);
};

export function visitorPages(catalogue: Catalogue): ScannedPage[] {
  return [
    { name: 'home', path: '/' },
    { name: 'menu and settings', path: '/', prepare: openMenu },
    { name: 'language', path: '/', prepare: openLanguages },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/login', prepare: showRegistration },
    { name: 'login, second step', path: '/login', prepare: askSecondFactor },
    { name: 'spot markets', path: '/pages/spot/index' },
    { name: 'spot trade', path: '/pages/spot/trade?symbol=BTCUSDT' },
    { name: 'spot pairs', path: '/pages/spot/trade?symbol=BTCUSDT', prepare: openPairs },
    { name: 'spot depth', path: '/pages/spot/trade?symbol=BTCUSDT', prepare: showDepth },
    { name: 'chart', path: '/pages/kline/index?symbol=BTCUSDT' },
    { name: 'articles', path: '/pages/article/index' },
    { name: 'notices', path: '/pages/article/index?category_id=92' },
    { name: 'article', path: `/pages/article/detail?id=${catalogue.articleId}` },
    { name: 'service agreement', path: '/pages/article/msb' },
    { name: 'privacy policy', path: '/pages/article/sec' },
    { name: 'support', path: '/pages/ks/index' },
    { name: 'page not found', path: '/no/such/page' },
    { name: 'session capture and replay', path: '/debug' },
  ];
}

export function userPages(catalogue: Catalogue): ScannedPage[] {
  return [
    { name: 'home (logged in)', path: '/' },
    { name: 'menu and settings (logged in)', path: '/', prepare: openMenu },
    { name: 'logout confirmation', path: '/', prepare: askToLogOut },
    { name: 'spot trade (logged in)', path: '/pages/spot/trade?symbol=BTCUSDT' },
    { name: 'contract markets', path: '/pages/contract/index' },
    { name: 'contract trade', path: '/pages/contract/trade?symbol=BTCUSDT' },
    {
      name: 'leverage sheet',
      path: '/pages/contract/trade?symbol=BTCUSDT',
      prepare: openLeverageSheet,
    },
    { name: 'contract history', path: '/pages/contract/history' },
    { name: 'contract share', path: '/pages/contract/share' },
    { name: 'option markets', path: '/pages/option/index' },
    { name: 'option trade', path: '/pages/option/trade?symbol=BTCUSDT' },
    { name: 'subscriptions', path: '/pages/subscription/index' },
    {
      name: 'subscription',
      path: `/pages/subscription/buy?id=${catalogue.subscriptionId}`,
    },
    { name: 'subscription records', path: '/pages/subscription/record' },
    { name: 'AI products', path: '/pages/ai/index' },
    { name: 'AI product', path: `/pages/ai/product?id=${catalogue.aiProductId}` },
    { name: 'AI withdrawal', path: `/pages/ai/withdraw?id=${catalogue.aiOrderId}` },
    { name: 'asset center', path: '/pages/assets/index' },
    { name: 'deposit', path: '/pages/assets/recharge' },
    { name: 'deposit records', path: '/pages/assets/rechargeList' },
    { name: 'withdraw', path: '/pages/assets/withdraw' },
    { name: 'transfer', path: '/pages/assets/transfer' },
    { name: 'records', path: '/pages/assets/record' },
    { name: 'address book', path: '/pages/assets/address' },
    { name: 'proof of reserves', path: '/pages/assets/reserves' },
    { name: 'new address', path: '/pages/assets/addressAdd' },
    { name: 'security settings', path: '/pages/user/safe' },
    { name: 'passkeys', path: '/pages/user/passkeys' },
    { name: 'verification', path: '/pages/user/auth' },
    { name: 'password', path: '/pages/user/password' },
    { name: 'whitelist mode off', path: '/pages/user/safe', prepare: askWhitelistOff },
    { name: 'authenticator app', path: '/pages/user/totp' },
    { name: 'recovery codes', path: '/pages/user/totp', prepare: showRecoveryCodes },
    { name: 'authenticator unbinding', path: '/pages/user/totpUnbind' },
    { name: 'phone number', path: '/pages/user/phone' },
    { name: 'anti-phishing code', path: '/pages/user/antiPhishing' },
    { name: 'devices and sessions', path: '/pages/user/sessions' },
    { name: 'login history', path: '/pages/user/logins' },
    { name: 'invites', path: '/pages/user/share' },
    { name: 'support (logged in)', path: '/pages/ks/index' },
    { name: 'notifications', path: '/pages/notifications/index' },
    { name: 'choose location', path: '/choose-location' },
    { name: 'open location', path: '/open-location' },
  ];
}
