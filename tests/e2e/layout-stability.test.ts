// What is on screen stays where it is while the rest of the page comes: the room of the headline
// figures and of the book's levels is held before they arrive, so nothing a trader is about to
// tap jumps away under the finger.
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SpotTradePage } from './spot-page.ts';

const phone = setUpPhoneApp();
const patient = { timeout: 30_000, interval: 200 };

async function topOf(locator: ReturnType<typeof phone.app.page.locator>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return box.y;
}

describe('a page keeps its layout while its data comes', () => {
  it('home: the markets stay where they are when the headline figures arrive', async () => {
    const { page } = phone.app;
    // The home answer (figures, featured markets) is held until the page has drawn without it.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await phone.context.route('**/api/index/index*', async (route) => {
      await held;
      await route.continue();
    });
    await phone.app.open('/');
    await page.getByTestId('headline-figures-waiting').waitFor({ timeout: 30_000 });
    const markets = page.getByTestId('home-markets');
    const before = await topOf(markets);
    answer();
    await expect.poll(() => page.getByTestId('headline-figures').count(), patient).toBe(1);
    await expect.poll(() => page.getByTestId('market-row-BTCUSDT').count(), patient).toBe(1);
    expect(await topOf(markets)).toBe(before);
  });

  it('spot: the last price and what is under the book stand where they are with no levels', async () => {
    await phone.app.open('/pages/spot/trade?symbol=BTCUSDT');
    const spot = new SpotTradePage(phone.app.page);
    await expect.poll(() => spot.bookLevels('ask').count(), patient).toBeGreaterThan(0);
    const last = spot.book().locator('.trade-book__last');
    const below = phone.app.page.locator('.trade-split + *');
    const full = [await topOf(last), await topOf(below)];
    // The book as it is before its first snapshot: no levels on either side.
    await spot.book().evaluate((book) => {
      for (const level of book.querySelectorAll('li')) level.remove();
    });
    expect(await spot.bookLevels('ask').count()).toBe(0);
    expect([await topOf(last), await topOf(below)]).toEqual(full);
  });

  it('futures: the header keeps its height with or without the "Simulated market" label', async () => {
    const user = await registerUser(new ApiClient(inject('appUrl')), inject('appDataDir'));
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await phone.app.open('/pages/contract/trade?symbol=BTCUSDT');
    const { page } = phone.app;
    const badge = page.locator('.contract-header [data-testid="simulated-badge"]');
    await badge.waitFor({ timeout: 30_000 });
    const split = page.locator('.contract-page .trade-split');
    const withLabel = await topOf(split);
    // The header as it is before the feed has said it is simulated.
    await badge.evaluate((label) => label.remove());
    expect(await topOf(split)).toBe(withLabel);
  });
});
