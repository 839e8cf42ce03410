// The app's frame at phone size: the top bar keeps its title centred and clear of a long account
// chip, which truncates at the end of the account in either direction; the side menu has an icon
// on each entry, a person's silhouette for a visitor, closes on Escape or a tap outside with the
// focus back on its button, and its expand arrow points the way Hebrew reads.
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const phone = setUpPhoneApp();

async function useLanguage(language: 'en' | 'he', token?: string) {
  await phone.context.addInitScript(
    ([lang, stored]) => {
      localStorage.setItem('lang', lang ?? 'en');
      if (stored) localStorage.setItem('token', stored);
    },
    [language, token] as const,
  );
}

/** Where the top bar's parts stand, and which end of the chip's account shows. */
function topBarLayout() {
  return phone.app.page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      return element.getBoundingClientRect();
    };
    const bar = box('.top-bar');
    const title = box('.top-bar__title');
    const chip = box('.user-chip');
    const chipElement = document.querySelector('.user-chip') as HTMLElement;
    const walker = document.createTreeWalker(chipElement, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text;
    const holder = text.parentElement as HTMLElement;
    const shown = holder.getBoundingClientRect();
    const charBox = (index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect();
    };
    const inside = (r: DOMRect) => r.left >= shown.left - 0.5 && r.right <= shown.right + 0.5;
    return {
      overlap: title.left < chip.right && chip.left < title.right,
      offCentre: Math.abs((title.left + title.right) / 2 - (bar.left + bar.right) / 2),
      truncated: holder.scrollWidth > holder.clientWidth,
      ellipsis: getComputedStyle(holder).textOverflow,
      firstShown: inside(charBox(0)),
      lastShown: inside(charBox((text.textContent ?? '').length - 1)),
    };
  });
}

describe('the top bar', () => {
  it.each(['en', 'he'] as const)(
    'keeps the title centred and clear of a long account, cut at its end (%s)',
    async (language) => {
      const user = await registerUser(new ApiClient(appUrl), dataDir);
      await useLanguage(language, user.token);
      await phone.app.open('/');
      await expect
        .poll(() => phone.app.page.locator('.user-chip').textContent())
        .toBe(user.account);
      const layout = await topBarLayout();
      expect(layout.overlap).toBe(false);
      expect(layout.offCentre).toBeLessThanOrEqual(1);
      // The account (an address, read left to right even in Hebrew) shows from its start.
      expect(layout).toMatchObject({ truncated: true, ellipsis: 'ellipsis' });
      expect(layout).toMatchObject({ firstShown: true, lastShown: false });
    },
  );
});

describe('the side menu', () => {
  it('gives every entry an icon hidden from screen readers, and a visitor a silhouette', async () => {
    await useLanguage('en');
    await phone.app.open('/');
    await phone.app.openMenu();
    const panel = phone.app.page.locator('.panel--start');
    await panel.getByRole('button', { name: 'Trading center' }).click();
    const entries = panel.locator('.menu-entry');
    const count = await entries.count();
    expect(count).toBeGreaterThan(15);
    for (let index = 0; index < count; index++) {
      const icon = entries.nth(index).locator('svg').first();
      expect(
        await icon.getAttribute('aria-hidden'),
        (await entries.nth(index).textContent()) ?? '',
      ).toBe('true');
    }
    // Not an empty circle nor a letter: a drawn figure, and no text.
    const avatar = panel.locator('.menu-header .avatar');
    expect(await avatar.locator('svg').count()).toBe(1);
    expect((await avatar.textContent())?.trim()).toBe('');
  });

  it('closes on Escape and on a tap outside, with the focus back on the menu button', async () => {
    await useLanguage('en');
    await phone.app.open('/');
    const menuButton = phone.app.page.getByRole('button', { name: 'Menu' });
    const panel = phone.app.page.locator('.panel--start');
    const menuButtonFocused = () =>
      menuButton.evaluate((button) => document.activeElement === button);

    await phone.app.openMenu();
    await phone.app.page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await menuButtonFocused()).toBe(true);

    await phone.app.openMenu();
    // A tap on the page beside the panel (the panel covers the start side).
    await phone.app.page.mouse.click(370, 400);
    await expect.poll(() => panel.count()).toBe(0);
    expect(await menuButtonFocused()).toBe(true);
  });

  it.each([
    ['en', 1],
    ['he', -1],
  ] as const)(
    'points the trading center arrow the way the text reads (%s)',
    async (language, sign) => {
      await useLanguage(language);
      await phone.app.open('/');
      await phone.app.page.locator('.top-bar .icon-button').first().click();
      const trading = phone.app.page.locator('.menu-entry[aria-expanded]');
      // The arrow's horizontal scale: 1 as drawn (pointing right), -1 mirrored (pointing left).
      const scaleX = () =>
        trading
          .locator('svg')
          .last()
          .evaluate((svg) => new DOMMatrix(getComputedStyle(svg).transform).a);
      expect(await scaleX()).toBe(sign);
      // It stands at the entry's end: after the words in reading order.
      const [label, arrow] = await Promise.all([
        trading.locator('.menu-entry__label').boundingBox(),
        trading.locator('svg').last().boundingBox(),
      ]);
      if (!label || !arrow) throw new Error('the trading center entry is not drawn');
      expect(sign * (arrow.x - label.x)).toBeGreaterThan(0);
    },
  );
});
