// Forms at phone size against the real server: a refusal shows under the field it is about (not in
// a toast), every invalid field is flagged at once, the login page's title follows its tab, a login
// returns to the page asked for (and never to another site), the withdraw form without a trade
// password, the obvious trade passwords, and the address book.
import { describe, expect, inject, it } from 'vitest';
import { catalogues } from '../../schemas/messages/index.ts';
import {
  lastCodeFor,
  newEmail,
  type RegisteredUser,
  readOutbox,
  registerUser,
} from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { errorToasts, sendWithdrawCode } from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const tradePassword = '482916';
const phone = setUpPhoneApp();
const en = catalogues.en.errors;

async function signedIn(user: RegisteredUser): Promise<void> {
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
}

/** A new account, logged in in the test's browser. */
async function signedInUser(): Promise<RegisteredUser> {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await signedIn(user);
  return user;
}

async function withTradePassword(user: RegisteredUser): Promise<void> {
  const client = new ApiClient(appUrl);
  await client.post('/security/sendCode', { type: 'email' }, { token: user.token });
  const code = await lastCodeFor(dataDir, user.account);
  const set = await client.post(
    '/security/payPwd',
    { password: tradePassword, repassword: tradePassword, code },
    { token: user.token },
  );
  expect(set.body.code).toBe(200);
}

/** `reload`: load the document again, to take a language just stored. */
async function openWithdraw(reload = false): Promise<void> {
  const { app } = phone;
  await app.open('/pages/assets/withdraw');
  if (reload) await app.page.reload();
  await app.page.getByTestId('asset-choice-USDT').click();
  await app.page.getByTestId('chain-choice-TRC20').click();
}

describe('logging in from a protected page', () => {
  it('returns to the page asked for, with its query', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    const { app } = phone;
    await app.open('/pages/assets/record?asset=BTC');
    await expect.poll(() => app.route()).toMatch(/^\/login\?/);
    await app.fill({ account: user.account, password: user.password });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await app.waitForRoute('/pages/assets/record?asset=BTC');
  });

  it('returns to it after registering instead', async () => {
    const { app } = phone;
    await app.open('/pages/assets/transfer');
    await expect.poll(() => app.route()).toMatch(/^\/login\?/);
    await app.page.getByRole('tab', { name: 'Register' }).click();
    const email = newEmail();
    await app.fill({ email });
    await app.page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => lastCodeFor(dataDir, email).catch(() => '')).toMatch(/^\d{6}$/);
    const code = await lastCodeFor(dataDir, email);
    await app.fill({ code, password: 'Secret123', repassword: 'Secret123' });
    await app.page.getByRole('button', { name: 'Create account' }).click();
    await app.waitForRoute('/pages/assets/transfer');
  });

  it.each(['https://evil.example/', '//evil.example/pages/assets/index', '/\\evil.example'])(
    'goes home, not to %s',
    async (target) => {
      const user = await registerUser(new ApiClient(appUrl), dataDir);
      const { app } = phone;
      await app.open(`/login?redirect=${encodeURIComponent(target)}`);
      await app.fill({ account: user.account, password: user.password });
      await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await app.waitForRoute('/');
      expect(new URL(app.page.url()).origin).toBe(new URL(appUrl).origin);
    },
  );
});

describe('the register tab', () => {
  it('is the title, in each language, and flags every invalid field at once', async () => {
    const { app } = phone;
    await app.open('/login');
    await app.page.getByRole('tab', { name: 'Register' }).click();
    await expect.poll(() => app.title()).toBe('Register');
    await app.fill({ email: 'not-an-email', code: '12', password: 'short', repassword: 'other' });
    await app.page.getByRole('button', { name: 'Create account' }).click();
    expect(await app.fieldProblem('email')).toBe('Please enter a valid email');
    for (const name of ['code', 'password', 'repassword']) {
      expect(await app.fieldProblem(name), name).toBeTruthy();
    }
    await app.page.getByRole('tab', { name: 'Log in' }).click();
    await expect.poll(() => app.title()).toBe('Log in');

    await app.page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await app.open('/login?tab=register');
    await app.page.reload();
    await expect.poll(() => app.title()).toBe('注册');
  });

  it('shows the server refusal of the code under the code field, not in a toast', async () => {
    const { app } = phone;
    await app.open('/login?tab=register');
    await app.fill({
      email: newEmail(),
      code: '000000',
      password: 'Secret123',
      repassword: 'Secret123',
    });
    await app.page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => app.fieldProblem('code')).toBe(en.code_invalid);
    expect(await app.toast().count()).toBe(0);
  });
});

describe('the withdraw form', () => {
  it('without a trade password says so, cannot be sent, and leads to setting one and back', async () => {
    const user = await signedInUser();
    const { app } = phone;
    await openWithdraw();
    const missing = app.page.getByTestId('trade-password-missing');
    await expect.poll(() => missing.textContent()).toContain('No trade password is set yet');
    expect(await app.field('trade_password').count()).toBe(0);
    expect(await app.page.getByTestId('withdraw-submit').isDisabled()).toBe(true);

    await missing.getByRole('button', { name: 'Set a trade password' }).click();
    await expect.poll(() => app.route()).toMatch(/^\/pages\/user\/password\?.*type=trade/);
    const mails = async () => (await readOutbox(dataDir)).filter((e) => e.to === user.account);
    const sent = (await mails()).length;
    await app.page.getByTestId('password-send-code').click();
    await expect.poll(async () => (await mails()).length).toBe(sent + 1);
    await app.fill({ code: await lastCodeFor(dataDir, user.account) });
    // An obvious one is refused by the form, in the catalogue's words, before the server.
    await app.fill({ password: '123456', repassword: '123456' });
    await app.page.getByTestId('password-submit').click();
    expect(await app.fieldProblem('password')).toBe(en.trade_password_obvious);
    await app.fill({ password: tradePassword, repassword: tradePassword });
    await app.page.getByTestId('password-submit').click();
    await expect.poll(() => app.route()).toMatch(/^\/pages\/assets\/withdraw/);
    await expect.poll(() => app.field('trade_password').count()).toBe(1);
    expect(await app.page.getByTestId('withdraw-submit').isDisabled()).toBe(false);
  });

  it('shows a refused address and a wrong trade password under their fields, not in a toast', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await withTradePassword(user);
    expect(await ops('deposit', user.account, 'USDT', '100', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    await signedIn(user);
    const { app } = phone;
    await openWithdraw();
    await expect.poll(() => app.page.locator('.field__hint').first().textContent()).toMatch(/100/);
    await app.fill({
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9',
      amount: '20',
      trade_password: tradePassword,
    });
    await app.fill({ email_code: await sendWithdrawCode(app, user.account) });
    await app.page.getByTestId('withdraw-submit').click();
    await expect.poll(() => app.fieldProblem('address')).toBe(en.address_invalid);
    expect(await errorToasts(app)).toBe(0);

    await app.fill({ address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', trade_password: '860374' });
    expect(await app.fieldProblem('address')).toBeNull();
    await app.page.getByTestId('withdraw-submit').click();
    await expect.poll(() => app.fieldProblem('trade_password')).toBe(en.trade_password_wrong);
    expect(await errorToasts(app)).toBe(0);
  });

  it('flags every invalid field at once', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await withTradePassword(user);
    await signedIn(user);
    const { app } = phone;
    await openWithdraw();
    await app.field('trade_password').waitFor();
    await app.page.getByTestId('withdraw-submit').click();
    for (const name of ['address', 'amount', 'trade_password', 'email_code']) {
      expect(await app.fieldProblem(name), name).toBeTruthy();
    }
  });

  it('shows the whole address placeholder in every language', async () => {
    await signedInUser();
    const { app } = phone;
    await app.open('/');
    for (const language of Object.keys(catalogues)) {
      await app.page.evaluate((lang) => localStorage.setItem('lang', lang), language);
      await openWithdraw(true);
      await expect
        .poll(() => app.htmlAttributes().then((html) => html.lang))
        .toBe(language === 'bl' ? 'pl' : language);
      const fits = await app.field('address').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return false;
        context.font = style.font;
        const room =
          input.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      });
      expect(fits, language).toBe(true);
    }
  });
});

describe('the address book', () => {
  it('names an asset once, and a save from a link returns to the book', async () => {
    await signedInUser();
    const { app } = phone;
    // Opened by a link: there is no page to go back to.
    await app.open('/pages/assets/addressAdd?asset=BTC&chain=BTC');
    await app.fill({ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    await app.page.getByTestId('address-save').click();
    await app.waitForRoute('/pages/assets/address');
    const title = app.page.locator('[data-testid^="address-title-"]').first();
    await expect.poll(() => title.textContent()).toBe('BTC');
  });

  it('shows a refused address under the field, not in a toast', async () => {
    await signedInUser();
    const { app } = phone;
    await app.open('/pages/assets/addressAdd?asset=USDT&chain=TRC20');
    await app.fill({ address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9' });
    await app.page.getByTestId('address-save').click();
    await expect.poll(() => app.fieldProblem('address')).toBe(en.address_invalid);
    expect(await app.toast().count()).toBe(0);
    expect(app.route()).toMatch(/^\/pages\/assets\/addressAdd/);
  });
});
