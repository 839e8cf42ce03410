// Market data in a phone-sized Chromium against the real server and its simulated feed: the
// lists update live and say the market is simulated; the chart draws candles, follows the market,
// pans back into older history and switches timeframe; the book and the trades fill in.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import { AppPage } from './pages/app-page.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
let browser: Browser;
let context: BrowserContext;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

beforeEach(async () => {
  context = await phoneContext(browser);
  app = new AppPage(await context.newPage(), appUrl);
});
afterEach(() => context.close());

/** Live prices move once a second; a few seconds is plenty, a minute is generous. */
const live = { timeout: 60_000, interval: 250 };

const chart = () => app.page.getByTestId('kline-chart');
const chartData = async () => {
  const data = await chart().evaluate((element) => ({ ...(element as HTMLElement).dataset }));
  return {
    candles: Number(data.candles ?? 0),
    first: Number(data.first ?? Number.NaN),
    last: Number(data.last ?? Number.NaN),
  };
};
const canvasPixels = () =>
  app.page
    .locator('[data-testid="kline-chart"] canvas')
    .first()
    .evaluate((canvas) => {
      return (canvas as HTMLCanvasElement).toDataURL();
    });

describe('market lists', () => {
  it('home shows the featured markets, labelled simulated', async () => {
    await app.open('/');
    await expect.poll(() => app.page.getByTestId('market-row-BTCUSDT').count(), live).toBe(1);
    expect(await app.page.getByTestId('simulated-badge').first().isVisible()).toBe(true);
    expect(await app.page.getByTestId('simulated-badge').first().textContent()).toContain(
      'Simulated market',
    );
    // Measured figures, none labelled configured on the embedded defaults.
    const figures = app.page.getByTestId('headline-figures');
    await expect.poll(() => figures.textContent(), live).toContain('Markets8');
    expect(await figures.locator('[data-source="configured"]').count()).toBe(0);
  });

  it('the spot list updates its prices live', async () => {
    await app.open('/pages/spot/index');
    const price = app.page.getByTestId('market-last-ETHUSDT');
    await expect.poll(() => price.textContent(), live).toMatch(/\d/);
    const first = await price.textContent();
    await expect.poll(() => price.textContent(), live).not.toBe(first);
    expect(await app.page.locator('[data-testid^="market-row-"]').count()).toBe(8);
  });

  it('the futures and option lists show the markets to a logged-in user', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    for (const route of ['/pages/contract/index', '/pages/option/index']) {
      await app.open(route);
      await expect.poll(() => app.page.getByTestId('market-row-SOLUSDT').count(), live).toBe(1);
      expect(app.route()).toBe(route);
    }
  });
});

describe('the price chart', () => {
  it('draws candles, follows the market live, pans back into history and switches timeframe', async () => {
    await app.open('/pages/kline/index?symbol=BTCUSDT&period=1m');
    await expect.poll(async () => (await chartData()).candles, live).toBeGreaterThan(20);
    const start = await chartData();
    expect((start.last - start.first) % 60_000).toBe(0);

    // Live: the last candle changes within seconds, so the picture does.
    const before = await canvasPixels();
    await expect.poll(canvasPixels, live).not.toBe(before);

    // Drag right: older candles come into view, and older history is fetched at the edge.
    const box = await chart().boundingBox();
    if (!box) throw new Error('the chart has no box');
    const y = box.y + box.height * 0.4;
    for (let i = 0; i < 6; i++) {
      await app.page.mouse.move(box.x + 40, y);
      await app.page.mouse.down();
      await app.page.mouse.move(box.x + box.width - 40, y, { steps: 10 });
      await app.page.mouse.up();
    }
    await expect.poll(async () => (await chartData()).last, live).toBeLessThan(start.last);
    await expect.poll(async () => (await chartData()).first, live).toBeLessThan(start.first);

    // Another timeframe: hourly candles, remembered in the address.
    await app.page.getByTestId('timeframe-1h').click();
    expect(await app.page.getByTestId('timeframe-1h').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => app.route(), live).toContain('period=1h');
    await expect
      .poll(async () => {
        const hourly = await chartData();
        return hourly.candles > 1 && (hourly.last - hourly.first) % 3_600_000 === 0;
      }, live)
      .toBe(true);
  });

  it('shows the order book and the recent trades', async () => {
    await app.open('/pages/kline/index?symbol=ETHUSDT');
    const bids = app.page.locator('[data-testid="book-bids"] li');
    const asks = app.page.locator('[data-testid="book-asks"] li');
    await expect.poll(() => bids.count(), live).toBeGreaterThan(5);
    expect(await asks.count()).toBeGreaterThan(5);
    await app.page.getByRole('tab', { name: 'Recent trades' }).click();
    await expect
      .poll(() => app.page.locator('[data-testid="trades-list"] li').count(), live)
      .toBeGreaterThan(0);
  });
});
