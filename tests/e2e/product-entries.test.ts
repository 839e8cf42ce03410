// Every way in to a product leads to that product's own page: each slide of home's carousel and
// each entry of the side menu opens its route, under its title, with what only that page shows
// (never the spot list under another name, never a page that is not there); the futures and
// second-contract lists show the markets their products offer, each leading to its trade page.
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const phone = setUpPhoneApp();
const patient = { timeout: 30_000, interval: 200 };

interface Destination {
  route: string;
  title: string;
  /** What only this page shows. */
  marks: string;
}

/** A page: its route, its title in the top bar, and what only it shows. */
const to = (route: string, title: string, marks: string): Destination => ({ route, title, marks });

const spot = to('/pages/spot/index', 'Spot', '[data-testid="market-row-BTCUSDT"]');
const futures = to('/pages/contract/index', 'Futures', '[data-testid="contract-mark-BTCUSDT"]');
const option = to('/pages/option/index', 'Option', '[data-testid^="option-rate-minute-"]');
const subscription = to(
  '/pages/subscription/index',
  'Subscription opportunities',
  '[data-testid="subscription-list"]',
);
const ai = to('/pages/ai/index', 'AI ETF', '[data-testid="ai-page"]');

/** A category's articles, or its empty state before an operator has published any. */
const articles = '.content-page, .empty-state';

const slides: ReadonlyArray<readonly [string, Destination]> = [
  ['spot', spot],
  ['futures', futures],
  ['second', option],
  ['subscription', subscription],
  ['ai', ai],
];

const menuEntries: ReadonlyArray<readonly [string, Destination]> = [
  ['Home', to('/', 'Meridian', '.carousel')],
  ['Identity verification', to('/pages/user/auth', 'Identity verification', '.verification')],
  ['Deposit', to('/pages/assets/rechargeList', 'Deposits', '.wallet-page')],
  ['Spot', spot],
  ['Futures', futures],
  ['Option', option],
  ['Subscription opportunities', subscription],
  ['AI ETF', ai],
  ['Asset center', to('/pages/assets/index', 'Asset center', '[data-testid="asset-total"]')],
  ['Platform notice', to('/pages/article/index?category_id=92', 'Platform notices', articles)],
  ['Address book', to('/pages/assets/address', 'Address book', '.wallet-page')],
  ['Security center', to('/pages/user/safe', 'Security center', '.security-list')],
  ['Share with friends', to('/pages/user/share', 'Invite friends', '[data-testid="invite-code"]')],
  ['Guides', to('/pages/article/index?category_id=2', 'Guides', articles)],
  ['About us', to('/pages/article/index', 'About us', articles)],
  ['Customer service', to('/pages/ks/index', 'Customer service', '[data-testid="support-hours"]')],
];

async function signedIn() {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
}

async function expectPage(destination: Destination) {
  const { app } = phone;
  await app.waitForRoute(destination.route);
  const named = { ...patient, message: `${destination.route}: ${destination.marks}` };
  await expect.poll(() => app.title(), named).toBe(destination.title);
  await expect.poll(() => app.page.locator(destination.marks).count(), named).toBeGreaterThan(0);
}

describe('the ways in to each product', () => {
  it.each(slides)('opens the product of the %s slide on home', async (slide, destination) => {
    await signedIn();
    await phone.app.open('/');
    await phone.app.page.locator(`.product-slide--${slide}`).click();
    await expectPage(destination);
  });

  it.each(menuEntries)('opens the page of the menu entry "%s"', async (label, destination) => {
    await signedIn();
    await phone.app.open('/');
    await phone.app.openMenu();
    const panel = phone.app.page.locator('.panel--start');
    await panel.getByRole('button', { name: 'Trading center' }).click();
    await panel.getByRole('button', { name: label, exact: true }).click();
    await expectPage(destination);
  });

  it.each([
    ['/market/contract', futures, '/pages/contract/trade'],
    ['/market/second', option, '/pages/option/trade'],
  ] as const)(
    'lists the markets of %s, each leading to its trade page',
    async (call, list, trade) => {
      await signedIn();
      const answer = await new ApiClient(appUrl).get<{ list: { symbol: string }[] }>(call);
      const offered = answer.body.data.list.map((market) => market.symbol).sort();
      expect(offered.length).toBeGreaterThan(0);
      await phone.app.open(list.route);
      const rows = phone.app.page.locator('[data-testid^="market-row-"]');
      const shown = async () =>
        (await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-testid'))))
          .map((testId) => (testId ?? '').replace('market-row-', ''))
          .sort();
      await expect.poll(shown, patient).toEqual(offered);
      const first = offered[0] ?? '';
      await phone.app.page.getByTestId(`market-row-${first}`).click();
      await phone.app.waitForRoute(`${trade}?symbol=${first}`);
    },
  );
});
