// How a trade reads on a phone against the real server and its liquidity provider: the price
// header at the market's tick, the balance in cents, the order notice after a market buy counting
// the fill in base and its worth in quote, toasts over the top bar in their kind's look and
// region, and the records page writing the fill as a trader would, its reference behind Details.
import { describe, expect, it } from 'vitest';
import { newEmail } from '../support/accounts.ts';
import { fundedUser } from './funded-user.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SpotTradePage } from './spot-page.ts';

const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

/** A price of BTC/USDT as the header writes it: grouped, and both cents always shown. */
const tickPrice = /^\d{1,3}(,\d{3})*\.\d{2}$/;

/** Where a box is on the page, in CSS pixels. */
function boxOf(selector: string) {
  return phone.app.page.locator(selector).first().boundingBox();
}

describe('a trade as it reads', () => {
  it('writes the fill with its units, the toasts over the top bar and the record as a trade', async () => {
    await fundedUser(phone, '10000.713568');
    const { app } = phone;
    const spot = new SpotTradePage(app.page);
    await app.open('/pages/spot/trade?symbol=BTCUSDT');
    await expect.poll(() => spot.available(), patient).toBe('10,000.71');
    await expect
      .poll(() => app.page.getByTestId('spot-last').textContent(), patient)
      .toMatch(tickPrice);

    // A market buy for 2,000 USDT: the notice counts BTC in BTC and its worth in USDT.
    await spot.orderType('market');
    await spot.field('turnover').fill('2000');
    await expect.poll(() => spot.fee(), patient).toMatch(/^0\.\d+$/);
    await spot.submit();
    await expect.poll(() => spot.followed().getAttribute('data-status'), patient).toBe('filled');
    await expect
      .poll(() => spot.followed().textContent(), patient)
      .toMatch(/^Order \d+: Filled · 0\.\d{5} BTC for 1,99\d\.\d{2} USDT$/);

    // A limit buy far below the market rests; cancelling it toasts success over the top bar.
    await spot.orderType('limit');
    const last = (await spot.lastPrice()).split('.')[0] ?? '0';
    await spot.field('price').fill(String(Math.floor(Number(last) / 2)));
    await spot.field('quantity').fill('0.001');
    await spot.submit();
    await expect.poll(() => spot.orders().count(), patient).toBe(1);
    await app.page.getByTestId(`spot-cancel-${await spot.firstOrderId()}`).click();
    const done = app.page.locator('[role="status"] .toast--success');
    await expect.poll(() => done.count(), patient).toBe(1);
    expect(await done.locator('.toast__text').textContent()).toBe('Order cancelled');
    const bar = await boxOf('.top-bar');
    const toast = await done.boundingBox();
    if (!bar || !toast) throw new Error('the top bar or the toast has no box');
    // Over the top bar, where no form is: it starts within the bar.
    expect(toast.y).toBeGreaterThanOrEqual(bar.y);
    expect(toast.y).toBeLessThan(bar.y + 12);
    const look = await done.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        shadow: style.boxShadow,
        edge: style.borderInlineStartWidth,
        edgeColour: style.borderInlineStartColor,
        win: getComputedStyle(document.documentElement).getPropertyValue('--win').trim(),
      };
    });
    expect(look.shadow).not.toBe('none');
    expect(look.edge).toBe('4px');
    expect(look.edgeColour).toBe('rgb(22, 199, 132)'); // --win in the dark theme
    expect(look.win).toBe('#16c784');

    // The records: the fill is one record, "Buy BTC/USDT", with quantity, price and fee; the
    // internal reference waits behind Details.
    await app.open('/pages/assets/record');
    const trade = app.page.locator('[data-testid="record-row"][data-type="trade"]').first();
    await expect.poll(() => trade.count(), patient).toBe(1);
    expect(await trade.getByTestId('record-title').textContent()).toBe('Buy BTC/USDT');
    expect(await trade.getByTestId('record-trade').textContent()).toMatch(
      /^0\.\d{5} BTC at \d{1,3}(,\d{3})*\.\d{2} · fee 0\.\d+ BTC$/,
    );
    expect(await trade.locator('.record-amounts').textContent()).toMatch(
      /^-1,99\d\.\d{2} USDT\+0\.\d{5} BTC$/,
    );
    const reference = trade.getByTestId('record-reference');
    expect(await reference.isVisible()).toBe(false);
    await trade.locator('summary').click();
    expect(await reference.isVisible()).toBe(true);
    expect(await reference.textContent()).toMatch(/^spot:fill:\d+:\d+$/);
  });

  it('announces a failure as an alert, in the error look', async () => {
    const { app } = phone;
    await app.open('/login');
    await app.fill({ account: newEmail(), password: 'Wrong1234' });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    const failed = app.page.locator('[role="alert"] .toast--error');
    await expect.poll(() => failed.count(), patient).toBe(1);
    expect(await failed.locator('.toast__text').textContent()).toBe('Wrong account or password');
    expect(await failed.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe(
      'none',
    );
  });
});
