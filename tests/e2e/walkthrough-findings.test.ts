// Findings of a walkthrough at phone size, each checked in a phone-sized Chromium against the real
// server: a signed-in user's home opens on their own money; no page title loses a word in any
// language.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { languages } from '../../schemas/languages.ts';
import { uiStrings } from '../../src/i18n/all-strings.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { deposit } from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

describe('the home page of a signed-in user', () => {
  it("opens on their total worth and today's PnL, above the markets", async () => {
    const { app, context } = phone;
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await deposit(user, '1250.5');
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await app.open('/');
    await expect
      .poll(() => app.page.getByTestId('home-total').textContent(), patient)
      .toMatch(/^1[,.\u00a0\u202f]?250\.50$/);
    // Deposited today: money that came in is no gain.
    expect(await app.page.getByTestId('home-pnl').textContent()).toMatch(/^0\.00 \(--\)$/);
    const top = (testId: string) =>
      app.page.getByTestId(testId).evaluate((node) => node.getBoundingClientRect().top);
    expect(await top('account-summary')).toBeLessThan(await top('home-markets'));
  });
});

describe('the top bar', () => {
  it('shows every page title of every language whole, in at most two lines, at 390 px', async () => {
    const { app } = phone;
    await app.open('/');
    await expect.poll(() => app.page.locator('.top-bar__title').count(), patient).toBe(1);
    const titles = languages.flatMap((language) =>
      Object.values(uiStrings[language].titles as Record<string, string>).map((title) => ({
        language,
        title,
      })),
    );
    const clipped = await app.page.evaluate((all) => {
      const heading = document.querySelector<HTMLElement>('.top-bar__title');
      const bar = heading?.closest<HTMLElement>('.top-bar');
      if (!heading || !bar) return ['no top bar'];
      const barHeight = bar.getBoundingClientRect().height;
      const failed: string[] = [];
      for (const { language, title } of all) {
        document.documentElement.lang = language;
        document.documentElement.dir = language === 'he' ? 'rtl' : 'ltr';
        heading.textContent = title;
        const whole = heading.scrollWidth <= heading.clientWidth;
        const lineHeight = Number.parseFloat(getComputedStyle(heading).lineHeight);
        const lines = Math.round(heading.getBoundingClientRect().height / lineHeight);
        const sameBar = bar.getBoundingClientRect().height === barHeight;
        if (!(whole && lines <= 2 && sameBar))
          failed.push(`${language}: ${title} (${lines} lines)`);
      }
      return failed;
    }, titles);
    expect(titles.length).toBeGreaterThan(300);
    expect(clipped).toEqual([]);
  });
});

describe('the market list', () => {
  it('colours each last price as its 24 h change, tick after tick', async () => {
    const { app } = phone;
    await app.open('/pages/spot/index');
    await expect
      .poll(() => app.page.locator('.market-row .change-pill').count(), patient)
      .toBeGreaterThan(0);
    const mismatches = () =>
      app.page.evaluate(() =>
        [...document.querySelectorAll('.market-row')].flatMap((row) => {
          const direction = (node: Element | null, prefix: string) =>
            [...(node?.classList ?? [])]
              .find((name) => name.startsWith(prefix))
              ?.slice(prefix.length);
          const price = direction(row.querySelector('.price'), 'price--');
          const change = direction(row.querySelector('.change-pill'), 'change-pill--');
          return price === change ? [] : [`${row.textContent}: ${price} vs ${change}`];
        }),
      );
    // Over many ticks: a price coloured by its last tick would differ from the day's change soon.
    for (let sample = 0; sample < 20; sample += 1) {
      expect(await mismatches()).toEqual([]);
      await app.page.waitForTimeout(250);
    }
  });
});

describe('the price chart page', () => {
  it('shows the crosshair where a finger taps, and hides it at the next tap', async () => {
    const { app } = phone;
    await app.open('/pages/kline/index?symbol=BTCUSDT');
    const chart = app.page.getByTestId('kline-chart');
    const canvas = chart.locator('canvas');
    await expect.poll(() => canvas.count(), patient).toBe(1);
    // Candles drawn: the readout shows the newest one's close.
    await expect
      .poll(() => chart.locator('[data-field="close"] dd').textContent(), patient)
      .toMatch(/\d/);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no chart');
    await app.page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await expect.poll(() => chart.getAttribute('data-inspected'), patient).toMatch(/^\d+$/);
    await app.page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await expect.poll(() => chart.getAttribute('data-inspected'), patient).toBeNull();
  });

  it('lists recent trades and opens the spot form on the side of its Buy or Sell', async () => {
    const { app, context } = phone;
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await deposit(user, '1000');
    const bought = await client.post(
      '/spot/order',
      { symbol: 'ETHUSDT', side: 'buy', type: 'market', turnover: '100' },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(bought.body.code).toBe(200);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await app.open('/pages/kline/index?symbol=ETHUSDT');
    await app.page.getByRole('tab', { name: 'Recent trades' }).click();
    await expect
      .poll(() => app.page.getByTestId('trades-list').locator('li').count(), patient)
      .toBeGreaterThan(0);
    await app.page.getByTestId('kline-sell').click();
    await expect.poll(() => app.route().split('?')[0], patient).toBe('/pages/spot/trade');
    expect(new URLSearchParams(app.route().split('?')[1]).get('symbol')).toBe('ETHUSDT');
    await expect
      .poll(() => app.page.getByTestId('spot-side-sell').getAttribute('aria-selected'), patient)
      .toBe('true');
  });
});

describe('toasts', () => {
  it('never cover the order form, even with the page scrolled to it', async () => {
    const { app, context } = phone;
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await deposit(user, '1000');
    // A limit buy far under the market (within the band, at most 5 times under) rests, to be
    // cancelled from the page.
    const placed = await client.post(
      '/spot/order',
      { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '1500', quantity: '0.02' },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(placed.body.code).toBe(200);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await app.open('/pages/spot/trade?symbol=ETHUSDT');
    const cancel = app.page.locator('[data-testid^="spot-cancel-"]');
    await expect.poll(() => cancel.count(), patient).toBe(1);
    await cancel.click();
    const toast = app.page.locator('[role="status"] .toast');
    await expect.poll(() => toast.count(), patient).toBe(1);
    // The form's top just under the top bar, as when a trader scrolls to it.
    const overlap = await app.page.evaluate(() => {
      const form = document.querySelector('.spot-form');
      const bar = document.querySelector('.top-bar');
      const shown = document.querySelector('[role="status"] .toast');
      if (!form || !bar || !shown) return 'missing';
      window.scrollBy(0, form.getBoundingClientRect().top - bar.getBoundingClientRect().bottom);
      const a = form.getBoundingClientRect();
      const b = shown.getBoundingClientRect();
      return a.top < b.bottom && b.top < a.bottom
        ? `toast ${b.top}–${b.bottom}, form from ${a.top}`
        : '';
    });
    expect(overlap).toBe('');
  });
});

describe('the verification page', () => {
  it("centres the file buttons' labels in their buttons", async () => {
    const { app, context } = phone;
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await app.open('/pages/user/auth');
    const action = app.page.locator('.id-image__action');
    await expect.poll(() => action.count(), patient).toBeGreaterThan(0);
    const offsets = await action.evaluateAll((buttons) =>
      buttons.map((button) => {
        const text = document.createRange();
        text.selectNodeContents(button);
        const inner = text.getBoundingClientRect();
        const outer = button.getBoundingClientRect();
        const middle = (rect: DOMRect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];
        const [ix = 0, iy = 0] = middle(inner);
        const [ox = 0, oy = 0] = middle(outer);
        return Math.max(Math.abs(ix - ox), Math.abs(iy - oy));
      }),
    );
    expect(offsets.every((offset) => offset <= 1.5)).toBe(true);
  });
});
