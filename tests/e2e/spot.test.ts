// Spot trading in a phone-sized Chromium against the real server and its liquidity provider: a
// funded user reaches the trade page from the spot list, places a limit buy below the market,
// sees it among the current orders and cancels it, keeps the limit form's Total in step with price
// × quantity, is warned of a market buy the visible book cannot fill, then buys at the market and
// finds the order with its average price and fee in the history list, and the balances moved; a
// market buy's fills appear on the Deals tab as they happen, with their price and quantity.
import { describe, expect, inject, it } from 'vitest';
import type { SpotFill } from '../../schemas/api/spot-fills.schema.ts';
import { ApiClient } from '../support/api-client.ts';
import { fundedUser } from './funded-user.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SpotTradePage } from './spot-page.ts';

const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();
const api = new ApiClient(inject('appUrl'));

/** A decimal from units of `scale` decimals, trailing zeros dropped (`3060`, 2 → `30.6`). */
function decimal(units: bigint, scale: number): string {
  const text = `${units / 10n ** BigInt(scale)}.${String(units % 10n ** BigInt(scale)).padStart(scale, '0')}`;
  return text.replace(/\.?0+$/, '');
}

/** Twice what every ask the server lists is worth, in whole USDT: more than the book can fill. */
async function beyondTheAsks(): Promise<string> {
  const book = await api.get<{ asks: [string, string][] }>('/market/depth', {
    symbol: 'ETHUSDT',
    limit: '100',
  });
  const whole = (value: string) => BigInt(value.split('.')[0] ?? '0') + 1n;
  const worth = book.body.data.asks.reduce(
    (sum, [price, size]) => sum + whole(price) * whole(size),
    0n,
  );
  return (worth * 2n).toString();
}

/** 90 % of a price, whole units: far enough below the market that the order rests. */
function belowMarket(last: string): string {
  const whole = last.split('.')[0] ?? '0';
  return ((BigInt(whole) * 9n) / 10n).toString();
}

describe('spot trading', () => {
  it('places, cancels and fills orders, and shows the fill, its fee and the new balances', async () => {
    await fundedUser(phone, '1000');
    const { app } = phone;
    const spot = new SpotTradePage(app.page);

    await app.open('/pages/spot/index');
    await app.page.getByTestId('market-row-ETHUSDT').click();
    await app.waitForRoute('/pages/spot/trade?symbol=ETHUSDT');
    await expect.poll(() => spot.available(), patient).toMatch(/^1,?000(\.0+)?$/);
    await expect.poll(() => spot.lastPrice(), patient).toMatch(/^\d+(\.\d+)?$/);
    // The form starts the limit price from the book once the book is there; typing before that
    // would race the start into the same field.
    await expect.poll(() => spot.field('price').inputValue(), patient).toMatch(/\d/);

    // A limit buy above the current price is refused on the page, in words, and nothing is sent.
    await spot.field('price').fill(`${(await spot.lastPrice()).split('.')[0]}9`);
    await spot.field('quantity').fill('0.01');
    await spot.submit();
    await expect
      .poll(() => spot.problem().textContent(), patient)
      .toBe('The limit price cannot exceed the current price');
    expect(await spot.orders().count()).toBe(0);

    // A limit buy below the market, a quarter of the balance: it rests and freezes its cost.
    await spot.field('price').fill(belowMarket(await spot.lastPrice()));
    await spot.share(25);
    expect(await spot.field('quantity').inputValue()).toMatch(/^0\.\d+$/);
    await expect.poll(() => spot.fee(), patient).toMatch(/^0\.\d+$/);
    await spot.submit();
    await expect.poll(() => spot.orders().count(), patient).toBe(1);
    const restingId = await spot.firstOrderId();
    await expect
      .poll(() => spot.order(restingId).getAttribute('data-status'), patient)
      .toBe('open');
    await expect.poll(() => spot.followed().getAttribute('data-status'), patient).toBe('open');
    await expect.poll(() => spot.available(), patient).toMatch(/^75\d(\.\d+)?$/);

    // Cancelling it releases the frozen funds.
    await app.page.getByTestId(`spot-cancel-${restingId}`).click();
    await expect.poll(() => spot.orders().count(), patient).toBe(0);
    await expect.poll(() => spot.available(), patient).toMatch(/^1,?000(\.0+)?$/);

    // The Total field is price × quantity; a total typed gives the whole lots (0.0001 ETH) it pays
    // for at the price, rounded down.
    const price = belowMarket(await spot.lastPrice());
    await spot.field('price').fill(price);
    await spot.field('quantity').fill('0.01');
    expect(await spot.field('total').inputValue()).toBe(decimal(BigInt(price), 2));
    await spot.field('total').fill('100');
    expect(await spot.field('quantity').inputValue()).toBe(decimal(1_000_000n / BigInt(price), 4));
    expect(await spot.field('total').inputValue()).toBe('100');

    // A market buy for more than every ask is worth: the preview warns that the book cannot fill
    // it whole, before anything is sent.
    await spot.orderType('market');
    await spot.field('turnover').fill(await beyondTheAsks());
    await expect
      .poll(() => spot.bookShort().textContent(), patient)
      .toMatch(/^The book holds only /);
    await expect.poll(() => spot.average(), patient).toMatch(/^[\d,]+(\.\d+)?$/);

    // A market buy for 100 USDT trades against the liquidity provider's asks at once; the book
    // fills it whole, so no warning.
    await spot.field('turnover').fill('100');
    await expect.poll(() => spot.bookShort().count(), patient).toBe(0);
    await expect.poll(() => spot.fee(), patient).toMatch(/^0\.\d+$/);
    await spot.submit();
    await expect
      .poll(() => spot.followed().getAttribute('data-status'), patient)
      .toMatch(/^(filled|cancelled)$/);

    for (const list of ['history'] as const) {
      await spot.tab(list);
      await expect.poll(() => spot.orders().count(), patient).toBeGreaterThanOrEqual(1);
      const id = await spot.firstOrderId();
      const fill = spot.order(id);
      // The "real price" and "real quantity" of docs/product.md §12, in the words traders read them
      // by.
      expect(await fill.locator('dt').allTextContents()).toEqual(
        expect.arrayContaining(['Average price', 'Filled quantity']),
      );
      // A price on a whole dollar is shown without decimals (3,400), so they are optional here.
      expect(await fill.getByTestId(`order-avg-${id}`).textContent()).toMatch(/^[\d,]+(\.\d+)?$/);
      expect(await fill.getByTestId(`order-filled-${id}`).textContent()).toMatch(/^0\.\d+ ETH$/);
      expect(await fill.getByTestId(`order-fee-${id}`).textContent()).toMatch(/^0\.\d+ ETH$/);
    }
    // The cancelled limit buy is in the history too, having traded nothing.
    await expect
      .poll(() => spot.order(restingId).getAttribute('data-status'), patient)
      .toBe('cancelled');

    // What was spent left the USDT balance; what was bought, less the fee, is in ETH.
    await expect.poll(() => spot.available(), patient).toMatch(/^9\d\d(\.\d+)?$/);
    await spot.side('sell');
    await expect.poll(() => spot.available(), patient).toMatch(/^0\.\d*[1-9]\d*$/);
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  });

  it('shows a market buy’s fills on the Deals tab as they happen, with price and quantity', async () => {
    const user = await fundedUser(phone, '100');
    const { app } = phone;
    const spot = new SpotTradePage(app.page);
    await app.open('/pages/spot/trade?symbol=ETHUSDT');
    await expect.poll(() => spot.available(), patient).toMatch(/^100(\.0+)?$/);
    const panel = app.page.locator('#spot-orders-panel');
    await spot.tab('deal');
    await expect
      .poll(() => panel.locator('.list-status').textContent(), patient)
      .toBe('No trades here yet.');

    // The tab stays open while the order fills: its fills appear without a reload.
    await spot.orderType('market');
    await spot.field('turnover').fill('20');
    await spot.submit();
    const fills = panel.locator('[data-testid^="spot-fill-"]');
    await expect.poll(() => fills.count(), patient).toBeGreaterThanOrEqual(1);
    const answer = await api.get<{ list: SpotFill[] }>(
      '/spot/fills',
      { symbol: 'ETHUSDT' },
      { token: user.token },
    );
    const listed = answer.body.data.list;
    await expect.poll(() => fills.count(), patient).toBe(listed.length);
    const figure = async (testId: string) =>
      Number(((await app.page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, ''));
    for (const fill of listed) {
      expect(await figure(`fill-price-${fill.id}`)).toBe(Number(fill.price));
      expect(await figure(`fill-quantity-${fill.id}`)).toBe(Number(fill.quantity));
      expect(await app.page.getByTestId(`fill-quantity-${fill.id}`).textContent()).toMatch(/ETH$/);
    }
  });
});
