// Empty states and the words around prices at phone size: an empty state is a still picture with
// one message, a page that cannot show its document says why once (no toast besides), and the
// price feed is named in the reader's language.
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../schemas/messages/index.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const phone = setUpPhoneApp();

describe('an empty state', () => {
  it('is a still picture hidden from screen readers, not a character that looks like a spinner', async () => {
    const { app } = phone;
    // No about-us article has been published on the test server (the page without a category
    // shows the about-us document first; with one, the articles alone).
    await app.open('/pages/article/index?category_id=1');
    const empty = app.page.locator('.empty-state');
    await expect.poll(() => empty.count()).toBe(1);
    expect(await empty.locator('svg[aria-hidden="true"]').count()).toBe(1);
    expect(await empty.textContent()).not.toContain('◌');
  });
});

describe('a page without its document', () => {
  it.each([
    ['an article', '/pages/article/detail?id=999999', catalogues.en.errors.article_not_found],
    [
      'a category',
      '/pages/article/index?category_id=987654',
      catalogues.en.errors.category_unknown,
    ],
  ])('says %s does not exist once: in the page, with no toast', async (_, path, text) => {
    const { app } = phone;
    await app.open(path);
    const empty = app.page.locator('.empty-state__text');
    await expect.poll(() => empty.textContent()).toBe(text);
    expect(await app.toast().count()).toBe(0);
  });
});

describe('the price feed', () => {
  it.each([
    ['zh', '行情源：模拟行情'],
    ['he', 'פיד: מדומה'],
  ])('is named in %s', async (language, text) => {
    await phone.context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    const { app } = phone;
    await app.open('/pages/kline/index?symbol=BTCUSDT');
    await expect.poll(() => app.page.getByTestId('kline-feed').textContent()).toBe(text);
  });
});
