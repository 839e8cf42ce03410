// The app shell in a phone-sized Chromium against the real server: register with the emailed code,
// the menu's user header, logout with confirmation, the login guard, language and theme, code 999.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { lastCodeFor, newEmail } from '../support/accounts.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import { AppPage } from './pages/app-page.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const password = 'Secret123';
let browser: Browser;
let context: BrowserContext;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

beforeEach(async () => {
  context = await phoneContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
  app = new AppPage(await context.newPage(), appUrl);
});
afterEach(() => context.close());

async function registerThroughTheApp(): Promise<string> {
  const email = newEmail();
  await app.open('/login');
  await app.page.getByRole('tab', { name: 'Register' }).click();
  await app.fill({ email });
  await app.page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => lastCodeFor(dataDir, email).catch(() => '')).toMatch(/^\d{6}$/);
  await app.fill({ code: await lastCodeFor(dataDir, email), password, repassword: password });
  await app.page.getByRole('button', { name: 'Create account' }).click();
  await app.waitForRoute('/');
  return email;
}

describe('accounts in the app', () => {
  it('registers with the emailed code and shows the account and UID in the menu', async () => {
    const email = await registerThroughTheApp();
    await expect.poll(() => app.page.locator('.user-chip').textContent()).toBe(email);
    await app.openMenu();
    expect(await app.page.getByTestId('menu-account').textContent()).toBe(email);
    expect(await app.page.getByTestId('menu-uid').textContent()).toMatch(/^\d{8}$/);
    expect(await app.page.locator('.menu-header__score').textContent()).toContain('100');
    await expect.poll(() => app.page.locator('.menu-header__verify').count()).toBe(1);
  });

  it('logs out only after the exit confirmation, then logs in again', async () => {
    const email = await registerThroughTheApp();
    await app.openMenu();
    await app.menuEntry('Log out');
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await app.menuEntry('Log out');
    expect(await app.page.locator('.dialog__message').textContent()).toBe(
      'Are you sure you want to exit the system?',
    );
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => app.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(() => app.page.locator('.user-chip').textContent()).toBe('Log in');

    await app.open('/login');
    await app.fill({ account: email, password });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await app.waitForRoute('/');
  });

  it('shows the rules of the form before asking the server, on every field at once', async () => {
    await app.open('/login');
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    expect(await app.fieldProblem('account')).toBe('Please enter your email or phone');
    expect(await app.fieldProblem('password')).toBe('Please enter the password');
  });

  it('toasts the server message for a wrong password', async () => {
    await app.open('/login');
    await app.fill({ account: newEmail(), password: 'Wrong1234' });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => app.toast().first().textContent()).toBe('Wrong account or password');
    expect(app.route()).toBe('/login');
  });

  it('sends the user to /login on code 999, which says why', async () => {
    await registerThroughTheApp();
    // The session ends on the server's side: a token it never issued answers 999.
    await app.page.evaluate(() => localStorage.setItem('token', 'revoked-or-unknown-token'));
    await app.page.reload();
    await app.waitForRoute('/login');
    await expect
      .poll(() => app.page.getByTestId('session-expired').textContent())
      .toBe('Login timeout, please log in again');
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('the login guard', () => {
  it('sends a logged-out visitor from a protected page to /login, keeping the page asked for', async () => {
    await app.open('/pages/assets/index');
    await app.waitForRoute(`/login?redirect=${encodeURIComponent('/pages/assets/index')}`);
  });

  it.each([
    ['/pages/spot/index', '[data-testid="market-row-BTCUSDT"]'],
    // "About us": its document (the shipped one until the operator sets it), then its articles.
    ['/pages/article/index', '[data-testid="document-body"]'],
    ['/pages/ks/index', '[data-testid="support-hours"]'],
    ['/pages/kline/index', '[data-testid="kline-page"]'],
  ])('lets a logged-out visitor see %s', async (route, content) => {
    await app.open(route);
    await expect.poll(() => app.page.locator(content).count()).toBeGreaterThan(0);
    expect(app.route()).toBe(route);
  });

  it('goes back to the previous page, or home when there is none', async () => {
    await app.open('/pages/spot/index');
    await app.page.getByRole('button', { name: 'Back', exact: true }).click();
    await app.waitForRoute('/');
  });
});

describe('language and theme', () => {
  it('switching to Hebrew reloads the page right to left, in Hebrew', async () => {
    await app.open('/');
    await app.page.getByRole('button', { name: 'Language' }).click();
    await Promise.all([app.page.waitForEvent('load'), app.page.getByText('עברית').click()]);
    await expect.poll(() => app.htmlAttributes()).toMatchObject({ lang: 'he', dir: 'rtl' });
    await expect.poll(() => app.page.locator('.user-chip').textContent()).not.toBe('Log in');
  });

  it('switching the theme reloads the page white, and back to dark', async () => {
    await app.open('/');
    await app.openMenu();
    await Promise.all([app.page.waitForEvent('load'), app.menuEntry('Theme')]);
    await expect.poll(async () => (await app.htmlAttributes()).theme).toBe('white');
    await app.openMenu();
    await Promise.all([app.page.waitForEvent('load'), app.menuEntry('Theme')]);
    await expect.poll(async () => (await app.htmlAttributes()).theme).toBe('dark');
  });

  it('keeps every touch target at least 44 px', async () => {
    await app.open('/');
    await app.openMenu();
    const small = await app.page.evaluate(
      () =>
        [...document.querySelectorAll('button, input, select')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);
  });
});

describe('pull-down refresh', () => {
  it('offers to refresh the spot list when pulled down from the top, and not the asset pages', async () => {
    await app.open('/pages/spot/index');
    const { page } = app;
    // The list is drawn before the pull, and the waits allow for a busy machine.
    await page.getByTestId('market-row-BTCUSDT').waitFor();
    const busy = { timeout: 10_000 };
    await page.mouse.move(195, 200);
    await page.mouse.down();
    await page.mouse.move(195, 320, { steps: 8 });
    await expect.poll(() => page.getByText('Release to refresh').count(), busy).toBe(1);
    await page.mouse.up();
    await expect.poll(() => page.getByText('Release to refresh').count(), busy).toBe(0);
    // A tap is still a tap on a page that can be pulled.
    await page.getByTestId('market-row-BTCUSDT').click();
    await expect.poll(() => app.route()).toMatch(/^\/pages\/spot\/trade\?.*symbol=BTCUSDT/);

    await app.open('/login');
    // Opening a hash route from another one changes no document: wait for the login page itself.
    await app.field('password').waitFor();
    await page.mouse.move(195, 500);
    await page.mouse.down();
    await page.mouse.move(195, 620, { steps: 8 });
    expect(await page.getByText('Release to refresh').count()).toBe(0);
    await page.mouse.up();
  });
});
