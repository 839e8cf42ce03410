// The spot trade page as traders know it from the large exchanges' apps, at phone size: the order
// form and the book side by side above the fold (mirrored in Hebrew), the limit price taken from
// the book until the trader sets one, a tap on a level taking its price, and the pair's name
// opening the list of pairs.
import { describe, expect, it } from 'vitest';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SpotTradePage } from './spot-page.ts';

const phone = setUpPhoneApp();
const patient = { timeout: 30_000, interval: 200 };

async function openTrade(language: 'en' | 'he', symbol = 'BTCUSDT') {
  await phone.context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  await phone.app.open(`/pages/spot/trade?symbol=${symbol}`);
  const spot = new SpotTradePage(phone.app.page);
  await expect.poll(() => spot.bookLevels('ask').count(), patient).toBeGreaterThan(0);
  return spot;
}

describe('the spot trade page at phone size', () => {
  it.each([
    ['en', 1],
    ['he', -1],
  ] as const)(
    'puts the order form and the book side by side, above the fold (%s)',
    async (language, sign) => {
      const spot = await openTrade(language);
      const [form, book] = await Promise.all([
        spot.form().boundingBox(),
        spot.bookColumn().boundingBox(),
      ]);
      if (!form || !book) throw new Error('the form or the book is not drawn');
      // The form at the start (left, or right in Hebrew), the book's column (its tabs over the
      // levels) at the end, on the same rows.
      expect(sign * (book.x - form.x)).toBeGreaterThan(0);
      expect(Math.abs(book.y - form.y)).toBeLessThan(4);
      const share = form.width / (form.width + book.width);
      expect(share).toBeGreaterThan(0.5);
      expect(share).toBeLessThan(0.65);
      // The best levels of both sides and the buy button show without scrolling.
      const bestBid = await spot.bookLevels('bid').first().boundingBox();
      const submit = await phone.app.page.getByTestId('spot-submit').boundingBox();
      expect((bestBid?.y ?? 9999) + (bestBid?.height ?? 0)).toBeLessThanOrEqual(844);
      expect((submit?.y ?? 9999) + (submit?.height ?? 0)).toBeLessThanOrEqual(844);
    },
  );

  it('starts the limit price from the book, and keeps a price the trader typed', async () => {
    const spot = await openTrade('en');
    // Filled once the book is there, with nothing typed: a plain decimal within the book's range.
    await expect.poll(() => spot.field('price').inputValue(), patient).toMatch(/^\d+(\.\d+)?$/);
    const prefilled = Number(await spot.field('price').inputValue());
    const asks = await spot.levelPrices('ask');
    const bids = await spot.levelPrices('bid');
    expect(prefilled).toBeGreaterThanOrEqual(Math.min(...bids));
    expect(prefilled).toBeLessThanOrEqual(Math.max(...asks));

    // What the trader types stays while the book moves under it.
    await spot.field('price').fill('12345.6');
    const before = await spot.book().textContent();
    await expect.poll(() => spot.book().textContent(), patient).not.toBe(before);
    expect(await spot.field('price').inputValue()).toBe('12345.6');
  });

  it('takes the price of a tapped level into the limit price, from a market order too', async () => {
    const spot = await openTrade('en');
    await spot.orderType('market');
    // Read and tapped in one step of the page: between two steps the book may move on, and the
    // third level then shows another price.
    const price = await spot
      .bookLevels('bid')
      .nth(2)
      .evaluate((level: HTMLElement) => {
        const read = level.dataset.price ?? '';
        level.click();
        return read;
      });
    expect(price).toMatch(/^\d+(\.\d+)?$/);
    await expect.poll(() => spot.field('price').inputValue()).toBe(price);
    expect(await phone.app.page.getByTestId('spot-type-limit').isChecked()).toBe(true);
    // A tap is the trader's own choice: the book moving on does not replace it.
    const before = await spot.book().textContent();
    await expect.poll(() => spot.book().textContent(), patient).not.toBe(before);
    expect(await spot.field('price').inputValue()).toBe(price);
  });

  it('switches the pair from the sheet the pair name opens', async () => {
    await openTrade('en');
    const { page } = phone.app;
    await page.getByTestId('pair-switch').click();
    const sheet = page.getByTestId('pair-sheet');
    await expect.poll(() => sheet.getByTestId('pair-ETHUSDT').count(), patient).toBe(1);
    expect(await sheet.getByTestId('pair-BTCUSDT').getAttribute('aria-current')).toBe('true');
    await sheet.getByTestId('pair-ETHUSDT').click();
    await phone.app.waitForRoute('/pages/spot/trade?symbol=ETHUSDT');
    await expect.poll(() => page.getByTestId('pair-switch').textContent()).toBe('ETH/USDT');
    expect(await sheet.count()).toBe(0);
  });
});
