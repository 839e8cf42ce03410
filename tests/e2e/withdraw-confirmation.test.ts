// A withdrawal confirmed in a phone-sized Chromium against the real server: the code sent to the
// user's email for it, a wrong one said under its field; with an authenticator bound, its code
// too; whitelist mode's refusal said under the form, with its reason; and a login that asks for
// the authenticator's code (or a recovery code) after the right password.
import { describe, expect, inject, it } from 'vitest';
import { catalogues } from '../../schemas/messages/index.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import {
  authenticatorCode,
  bindAuthenticator,
  deposit,
  errorToasts,
  openWithdraw,
  sendWithdrawCode,
  tradePassword,
  withTradePassword,
} from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();
const en = catalogues.en.errors;
const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** A user with a trade password and 100 USDT, signed in on the phone's next page. */
async function readyUser() {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await withTradePassword(user);
  await deposit(user, '100');
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return user;
}

const withdrawalShown = () =>
  phone.app.page.locator('[data-testid^="withdrawal-status-"]').first().count();

describe('confirming a withdrawal', () => {
  it('asks for the email code, says a wrong one under its field, and withdraws with the right one', async () => {
    const user = await readyUser();
    const { app } = phone;
    await openWithdraw(app);
    await app.fill({ address, amount: '20', trade_password: tradePassword });
    await app.page.getByTestId('withdraw-submit').click();
    expect(await app.fieldProblem('email_code')).toBe('Enter the code sent to your email');

    const code = await sendWithdrawCode(app, user.account);
    // The button counts down until another code may be asked.
    expect(await app.page.getByTestId('withdraw-send-code').isDisabled()).toBe(true);
    await app.fill({ email_code: code === '000000' ? '111111' : '000000' });
    await app.page.getByTestId('withdraw-submit').click();
    await expect.poll(() => app.fieldProblem('email_code'), patient).toBe(en.code_invalid);
    expect(await errorToasts(app)).toBe(0);

    await app.fill({ email_code: code });
    expect(await app.fieldProblem('email_code')).toBeNull();
    await app.page.getByTestId('withdraw-submit').click();
    await expect.poll(withdrawalShown, patient).toBe(1);
  });

  it('says why under the form when whitelist mode refuses the address', async () => {
    const user = await readyUser();
    const on = await new ApiClient(appUrl).send(
      'POST',
      '/security/whitelist',
      { enabled: true } as never,
      { token: user.token, as: 'json' },
    );
    expect(on.body.code).toBe(200);
    const { app } = phone;
    await openWithdraw(app);
    await app.fill({ address, amount: '20', trade_password: tradePassword });
    await app.fill({ email_code: await sendWithdrawCode(app, user.account) });
    await app.page.getByTestId('withdraw-submit').click();
    const problem = app.page.getByTestId('withdraw-problem');
    await expect
      .poll(() => problem.textContent(), patient)
      .toBe(en.withdraw_address_not_whitelisted);
    expect(await errorToasts(app)).toBe(0);
    expect(await withdrawalShown()).toBe(0);
  });

  it('asks for the authenticator code too when one is bound', async () => {
    const user = await readyUser();
    const secret = await bindAuthenticator(user);
    const { app } = phone;
    await openWithdraw(app);
    await app.field('totp_code').waitFor();
    await app.fill({ address, amount: '20', trade_password: tradePassword });
    await app.fill({ email_code: await sendWithdrawCode(app, user.account) });
    await app.page.getByTestId('withdraw-submit').click();
    expect(await app.fieldProblem('totp_code')).toBe('Enter the code from your authenticator app');

    await app.fill({ totp_code: authenticatorCode(secret, 1) });
    await app.page.getByTestId('withdraw-submit').click();
    await expect.poll(withdrawalShown, patient).toBe(1);
  });
});

describe('signing in with an authenticator bound', () => {
  it('asks for its code after the right password, and a wrong one under its field', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    const secret = await bindAuthenticator(user);
    const { app } = phone;
    await app.open('/login?redirect=%2Fpages%2Fassets%2Findex');
    await app.fill({ account: user.account, password: user.password });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await app.page.getByTestId('login-second-step').waitFor();
    expect(await errorToasts(app)).toBe(0);

    const right = authenticatorCode(secret, 1);
    await app.fill({ totp_code: right === '000000' ? '111111' : '000000' });
    await app.page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect.poll(() => app.fieldProblem('totp_code'), patient).toBe(en.totp_invalid);
    expect(await errorToasts(app)).toBe(0);

    await app.fill({ totp_code: right });
    await app.page.getByRole('button', { name: 'Verify and log in' }).click();
    await app.waitForRoute('/pages/assets/index');
  });

  it('takes a recovery code instead', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    const client = new ApiClient(appUrl);
    const setup = await client.post<{ secret: string }>(
      '/security/totp/setup',
      {},
      { token: user.token },
    );
    const bound = await client.post<{ recovery_codes: string[] }>(
      '/security/totp/bind',
      { totp_code: authenticatorCode(setup.body.data.secret, 0) },
      { token: user.token },
    );
    const recovery = bound.body.data.recovery_codes[0] ?? '';
    const { app } = phone;
    await app.open('/login');
    await app.fill({ account: user.account, password: user.password });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await app.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await app.fill({ recovery_code: recovery });
    await app.page.getByRole('button', { name: 'Verify and log in' }).click();
    await app.waitForRoute('/');
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});
