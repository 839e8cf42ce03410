// Figures in the trader's own language, in a phone-sized Chromium against the real server: a
// funded user places a spot limit buy in Polish, typing its price and quantity with a decimal
// comma, and in Hebrew, typing them with a point; each is accepted and rests. In Polish the
// price the form starts from is written with a comma too; in Hebrew an amount's unit stays after
// its figure, both kept left to right inside the right-to-left page.
import { describe, expect, it } from 'vitest';
import { readTypedFigure } from '../../core/typed-figure.ts';
import { fundedUser } from './funded-user.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SpotTradePage } from './spot-page.ts';

const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

/** 90 % of a shown price, in whole units and a half, far enough below the market to rest. */
function restingPrice(shown: string, mark: string): string {
  const last = readTypedFigure(shown) ?? '0';
  const whole = (BigInt(last.split('.')[0] ?? '0') * 9n) / 10n;
  return `${whole}${mark}5`;
}

async function openSpotIn(language: 'bl' | 'he') {
  await fundedUser(phone, '1000');
  await phone.context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  const { app } = phone;
  const spot = new SpotTradePage(app.page);
  await app.open('/pages/spot/trade?symbol=ETHUSDT');
  await expect.poll(() => spot.field('price').inputValue(), patient).toMatch(/\d/);
  await expect.poll(() => spot.available(), patient).toMatch(/^1\D?000\D00$/);
  return spot;
}

/** `3564.50` → `3564.5`, as exact decimals compare. */
const withoutTrailingZeros = (value: string) =>
  value.includes('.') ? value.replace(/\.?0+$/, '') : value;

/** The last price as shown on the page. */
async function lastShown(spot: SpotTradePage): Promise<string> {
  return (await spot.page.getByTestId('spot-last').textContent()) ?? '';
}

async function placeAndSeeResting(spot: SpotTradePage, price: string, quantity: string) {
  await spot.field('price').fill(price);
  await spot.field('quantity').fill(quantity);
  // The field keeps what was typed; the form sends the plain decimal.
  expect(await spot.field('price').inputValue()).toBe(price);
  await spot.submit();
  await expect.poll(() => spot.orders().count(), patient).toBe(1);
  const id = await spot.firstOrderId();
  await expect.poll(() => spot.order(id).getAttribute('data-status'), patient).toBe('open');
  await expect.poll(() => spot.followed().getAttribute('data-status'), patient).toBe('open');
  expect(await spot.problem().count()).toBe(0);
  return id;
}

describe('figures in the trader’s language', () => {
  it('takes a limit buy typed with a decimal comma in Polish', async () => {
    const spot = await openSpotIn('bl');
    // The price the form starts from is the language's: a comma, never a point.
    const started = await spot.field('price').inputValue();
    expect(started).toMatch(/^\d+(,\d+)?$/);

    const price = restingPrice(await lastShown(spot), ',');
    const id = await placeAndSeeResting(spot, price, '0,01');
    // The order is listed at the price typed, written the Polish way.
    const listed = (await spot.order(id).locator('dd').first().textContent()) ?? '';
    expect(listed).toMatch(/,50?$/);
    expect(withoutTrailingZeros(readTypedFigure(listed) ?? '')).toBe(
      withoutTrailingZeros(readTypedFigure(price) ?? ''),
    );
    // Money moved for it: a quarter-free balance, written with a decimal comma.
    await expect.poll(() => spot.available(), patient).toMatch(/^9\d\d,\d\d$/);
  });

  it('takes a limit buy typed with a point in Hebrew, its unit after its figure', async () => {
    const spot = await openSpotIn('he');
    const price = restingPrice(await lastShown(spot), '.');
    await placeAndSeeResting(spot, price, '0.01');

    // The available balance and its unit, inside one left-to-right isolate.
    const held = spot.page.getByTestId('spot-available');
    await expect.poll(() => held.textContent(), patient).toMatch(/^9\d\d\.\d\d$/);
    const line = await held.evaluate((figure) => figure.parentElement?.textContent ?? '');
    expect(line).toMatch(/^\u20669\d\d\.\d\d USDT\u2069$/);
    // On screen the unit stands to the right of the number, as in `19,741.28 USDT`.
    const sides = await held.evaluate((figure) => {
      const line = figure.parentElement as Element;
      const after = document.createRange();
      after.setStartAfter(figure);
      after.setEnd(line, line.childNodes.length);
      const unit = [...after.getClientRects()].filter((rect) => rect.width > 0);
      return {
        rtl: getComputedStyle(line).direction === 'rtl',
        figureRight: figure.getBoundingClientRect().right,
        unitLeft: Math.min(...unit.map((rect) => rect.left)),
        unitShown: unit.length > 0,
      };
    });
    expect(sides.unitShown).toBe(true);
    expect(sides.rtl).toBe(true);
    expect(sides.unitLeft).toBeGreaterThanOrEqual(sides.figureRight - 1);
  });
});
