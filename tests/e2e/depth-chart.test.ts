// The depth chart beside the spot and perpetual trade forms: a tab next to the book draws the
// cumulative bids and asks in the book's place, named for a screen reader with the totals it
// shows, bids left of asks in every language, without moving what is under it. A screenshot of
// the spot page with the chart open is kept in tmp/screens/ for the docs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const phone = setUpPhoneApp();
const patient = { timeout: 30_000, interval: 200 };
const screens = path.resolve(import.meta.dirname, '../../tmp/screens');

async function openWithDepth(pathname: string, language: 'en' | 'he' = 'en'): Promise<Page> {
  await phone.context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  await phone.app.open(pathname);
  const page = phone.app.page;
  // The book first: the depth chart takes the room its levels took.
  await expect
    .poll(() => page.getByTestId('book-asks').locator('button').count(), patient)
    .toBeGreaterThan(0);
  await page.getByTestId('book-tab-depth').click();
  await page.locator('[data-testid="depth-chart"] svg').waitFor({ timeout: 30_000 });
  return page;
}

/** The boxes of the two areas, as drawn. */
async function areaBoxes(page: Page) {
  const box = async (side: 'bid' | 'ask') =>
    page.locator(`.depth-chart__area--${side}`).evaluate((path) => {
      const { x, width, height } = (path as SVGGraphicsElement).getBBox();
      return { left: x, right: x + width, height };
    });
  return { bid: await box('bid'), ask: await box('ask') };
}

describe('the depth chart on the trade pages', () => {
  it('shows the spot book as cumulative bids and asks, in the book’s place', async () => {
    await phone.context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await phone.app.open('/pages/spot/trade?symbol=BTCUSDT');
    const page = phone.app.page;
    await expect
      .poll(() => page.getByTestId('book-asks').locator('button').count(), patient)
      .toBeGreaterThan(0);
    // What the page shows under the form and the book.
    const under = page.locator('.trade-split + *');
    const before = await under.boundingBox();

    const tab = page.getByRole('tab', { name: 'Depth' });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const chart = page.getByRole('img', {
      name: /BTC\/USDT market depth: .+ BTC bid down to .+, .+ BTC asked up to .+/,
    });
    await chart.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('trade-book').count()).toBe(0);
    await expect.poll(async () => (await areaBoxes(page)).ask.height, patient).toBeGreaterThan(0);
    const { bid, ask } = await areaBoxes(page);
    // Bids climb towards the left of the mid price, asks towards the right; both are drawn.
    expect(bid.height).toBeGreaterThan(0);
    expect(bid.right).toBeLessThanOrEqual(ask.left + 0.5);
    // The captions name the axes with the market's assets.
    const figure = page.getByTestId('depth-chart');
    expect(await figure.textContent()).toContain('Total (BTC)');
    expect(await figure.textContent()).toContain('Price (USDT)');
    // What stands under the form and the book does not move.
    const after = await under.boundingBox();
    expect(after?.y).toBeDefined();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(1);

    await mkdir(screens, { recursive: true });
    await page.screenshot({ path: path.join(screens, 'spot-depth-chart.png') });

    // Back to the levels.
    await page.getByRole('tab', { name: 'Order book' }).click();
    await page.getByTestId('trade-book').waitFor();
  });

  it('keeps prices left to right in Hebrew, with the chart at the book’s side', async () => {
    const page = await openWithDepth('/pages/spot/trade?symbol=BTCUSDT', 'he');
    await expect.poll(async () => (await areaBoxes(page)).ask.height, patient).toBeGreaterThan(0);
    const { bid, ask } = await areaBoxes(page);
    expect(bid.right).toBeLessThanOrEqual(ask.left + 0.5);
    // The book's column is at the inline end: the left in Hebrew.
    const [form, chart] = await Promise.all([
      page.locator('.trade-split > :first-child').boundingBox(),
      page.getByTestId('depth-chart').boundingBox(),
    ]);
    expect((chart?.x ?? 0) + (chart?.width ?? 0)).toBeLessThanOrEqual((form?.x ?? 0) + 1);
    await mkdir(screens, { recursive: true });
    await page.screenshot({ path: path.join(screens, 'spot-depth-chart-he.png') });
  });

  it('draws the perpetual’s own book on the futures page', async () => {
    // The futures page asks for a signed-in user.
    const user = await registerUser(new ApiClient(inject('appUrl')), inject('appDataDir'));
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const page = await openWithDepth('/pages/contract/trade?symbol=BTCUSDT');
    await expect
      .poll(
        async () => (await areaBoxes(page)).bid.height + (await areaBoxes(page)).ask.height,
        patient,
      )
      .toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: /market depth/ }).count()).toBe(1);
  });
});
