// Market data in a phone-sized Chromium against the real server and its simulated feed: the
// lists update live and say the market is simulated; the chart draws candles, follows the market,
// pans back into older history and switches timeframe; the book and the trades fill in.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { loggedEventCount } from './pages/kept-log.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const phone = setUpPhoneApp();

/** Live prices move once a second; a few seconds is plenty, a minute is generous. */
const live = { timeout: 60_000, interval: 250 };

const chart = () => phone.app.page.getByTestId('kline-chart');
const chartData = async () => {
  const data = await chart().evaluate((element) => ({ ...(element as HTMLElement).dataset }));
  return {
    candles: Number(data.candles ?? 0),
    first: Number(data.first ?? Number.NaN),
    last: Number(data.last ?? Number.NaN),
  };
};
const canvasPixels = () =>
  phone.app.page
    .locator('[data-testid="kline-chart"] canvas')
    .first()
    .evaluate((canvas) => {
      return (canvas as HTMLCanvasElement).toDataURL();
    });

describe('market lists', () => {
  it('home shows the featured markets, labelled simulated', async () => {
    await phone.app.open('/');
    await expect.poll(() => phone.app.page.getByTestId('market-row-BTCUSDT').count(), live).toBe(1);
    expect(await phone.app.page.getByTestId('simulated-badge').first().isVisible()).toBe(true);
    expect(await phone.app.page.getByTestId('simulated-badge').first().textContent()).toContain(
      'Simulated market',
    );
    // Measured figures, none labelled configured on the embedded defaults.
    const figures = phone.app.page.getByTestId('headline-figures');
    await expect.poll(() => figures.textContent(), live).toContain('Markets8');
    expect(await figures.locator('[data-source="configured"]').count()).toBe(0);
  });

  it('home shows the markets it showed last time at once, before their list answers', async () => {
    const { context } = phone;
    const { page } = phone.app;
    await phone.app.open('/');
    await expect.poll(() => page.getByTestId('market-row-BTCUSDT').count(), live).toBe(1);
    // The answer is in the kept log (written in batches a moment apart) before the page goes.
    await expect.poll(() => loggedEventCount(page, 'markets'), live).toBeGreaterThan(0);
    // From now on the list's request never answers: what home shows can only come from the log.
    await context.route('**/api/index/index*', () => {});
    await page.reload();
    await expect.poll(() => page.getByTestId('market-row-BTCUSDT').count(), live).toBe(1);
  });

  it('the spot list updates its prices live', async () => {
    await phone.app.open('/pages/spot/index');
    const price = phone.app.page.getByTestId('market-last-ETHUSDT');
    await expect.poll(() => price.textContent(), live).toMatch(/\d/);
    const first = await price.textContent();
    await expect.poll(() => price.textContent(), live).not.toBe(first);
    expect(await phone.app.page.locator('[data-testid^="market-row-"]').count()).toBe(8);
  });

  it('the futures and option lists show the markets to a logged-in user', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    for (const route of ['/pages/contract/index', '/pages/option/index']) {
      await phone.app.open(route);
      await expect
        .poll(() => phone.app.page.getByTestId('market-row-SOLUSDT').count(), live)
        .toBe(1);
      expect(phone.app.route()).toBe(route);
    }
  });
});

describe('the price chart', () => {
  it('draws candles, follows the market live, pans back into history and switches timeframe', async () => {
    await phone.app.open('/pages/kline/index?symbol=BTCUSDT&period=1m');
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
      await phone.app.page.mouse.move(box.x + 40, y);
      await phone.app.page.mouse.down();
      await phone.app.page.mouse.move(box.x + box.width - 40, y, { steps: 10 });
      await phone.app.page.mouse.up();
    }
    await expect.poll(async () => (await chartData()).last, live).toBeLessThan(start.last);
    await expect.poll(async () => (await chartData()).first, live).toBeLessThan(start.first);

    // Another timeframe: hourly candles, remembered in the address.
    await phone.app.page.getByTestId('timeframe-1h').click();
    expect(await phone.app.page.getByTestId('timeframe-1h').getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => phone.app.route(), live).toContain('period=1h');
    await expect
      .poll(async () => {
        const hourly = await chartData();
        return hourly.candles > 1 && (hourly.last - hourly.first) % 3_600_000 === 0;
      }, live)
      .toBe(true);
  });

  it('shows the order book and the recent trades', async () => {
    // The book is the exchange's (the liquidity provider quotes it); its trades are real ones, so
    // a trader makes one.
    const trader = await registerUser(new ApiClient(appUrl), dataDir);
    await ops('deposit', trader.account, 'USDT', '100', '--chain', 'TRC20');
    const bought = await new ApiClient(appUrl).post(
      '/spot/order',
      { symbol: 'ETHUSDT', side: 'buy', type: 'market', turnover: '50' },
      { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(bought.body.code).toBe(200);
    await phone.app.open('/pages/kline/index?symbol=ETHUSDT');
    const bids = phone.app.page.locator('[data-testid="book-bids"] li');
    const asks = phone.app.page.locator('[data-testid="book-asks"] li');
    await expect.poll(() => bids.count(), live).toBeGreaterThan(5);
    expect(await asks.count()).toBeGreaterThan(5);
    await phone.app.page.getByRole('tab', { name: 'Recent trades' }).click();
    await expect
      .poll(() => phone.app.page.locator('[data-testid="trades-list"] li').count(), live)
      .toBeGreaterThan(0);
  });
});
