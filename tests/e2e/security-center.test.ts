// The security center in a phone-sized Chromium against the real server: an authenticator bound
// from the page's own key (codes computed as an app would), its recovery codes shown once and the
// level rising; an anti-phishing code set with a code read from the mail; another device's session
// signed out and gone; whitelist mode switched on and off; and the login history with a failed try.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { lastCodeFor, type RegisteredUser, readOutbox, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

/** A new account signed in in the test's browser. */
async function signedInUser(): Promise<RegisteredUser> {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return user;
}

/**
 * Sets the user's trade password through the API. Its email code is the one sent last: another
 * cannot be asked for before the resend delay.
 */
async function withTradePassword(user: RegisteredUser): Promise<void> {
  const client = new ApiClient(appUrl);
  await client.post('/security/sendCode', { type: 'email' }, { token: user.token });
  const code = await lastCodeFor(dataDir, user.account);
  const set = await client.post(
    '/security/payPwd',
    { password: '482916', repassword: '482916', code },
    { token: user.token },
  );
  expect(set.body.code).toBe(200);
}

/** Taps "Send code" for the email code and waits for the mail; answers its code. */
async function emailCode(user: RegisteredUser): Promise<string> {
  const mails = async () => (await readOutbox(dataDir)).filter((e) => e.to === user.account);
  const before = (await mails()).length;
  await phone.app.page.getByTestId('security-send-email-code').click();
  await expect.poll(async () => (await mails()).length, patient).toBe(before + 1);
  return lastCodeFor(dataDir, user.account);
}

const state = (id: string) => phone.app.page.getByTestId(`safe-${id}`).getAttribute('data-state');
const level = () => phone.app.page.getByTestId('security-level').getAttribute('data-level');

describe('the security center', () => {
  it('binds an authenticator, shows its recovery codes once, and the level rises', async () => {
    await withTradePassword(await signedInUser());
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/safe');
    await expect.poll(level, patient).toBe('low');
    expect(await state('totp')).toBe('unset');
    expect(await page.getByTestId('security-next').getAttribute('data-next')).toBe('totp');

    await page.getByTestId('security-next').click();
    await app.waitForRoute('/pages/user/totp');
    await expect.poll(() => app.title()).toBe('Authenticator app');
    const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(await page.getByTestId('totp-qr').getAttribute('role')).toBe('img');
    // A wrong code is said under the field, not in a toast.
    await app.fill({ totp_code: '12345' });
    await page.getByTestId('totp-bind-submit').click();
    expect(await app.fieldProblem('totp_code')).toBe('The authenticator code has 6 digits.');
    const totp = new TOTP({ secret: Secret.fromBase32(secret ?? '') });
    await app.fill({ totp_code: totp.generate() });
    await page.getByTestId('totp-bind-submit').click();

    const codes = page.getByTestId('recovery-code');
    await expect.poll(() => codes.count(), patient).toBe(10);
    const shown = await codes.allTextContents();
    expect(new Set(shown).size).toBe(10);
    expect(await page.getByTestId('recovery-done').isDisabled()).toBe(true);
    await page.getByTestId('recovery-saved').check();
    await page.getByTestId('recovery-done').click();
    await app.waitForRoute('/pages/user/safe');
    await expect.poll(level, patient).toBe('medium');
    expect(await state('totp')).toBe('set');
    // The test server holds no withdrawals after a change, so no hold is said.
    expect(await page.getByTestId('security-hold').count()).toBe(0);
  });

  it('sets an anti-phishing code with the code from the mail', async () => {
    const user = await signedInUser();
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/safe');
    await expect.poll(() => state('anti-phishing'), patient).toBe('unset');
    await page.getByTestId('safe-anti-phishing-action').click();
    await app.waitForRoute('/pages/user/antiPhishing');
    // Every invalid field at once, in the page's words.
    await app.fill({ anti_phishing_code: 'no spaces' });
    await page.getByTestId('anti-phishing-submit').click();
    expect(await app.fieldProblem('anti_phishing_code')).toBe(
      'Use 4 to 20 letters or digits, without spaces or symbols.',
    );
    expect(await app.fieldProblem('email_code')).toBe('Enter the code sent to your email.');

    await app.fill({ anti_phishing_code: 'Gatto42', email_code: await emailCode(user) });
    await page.getByTestId('anti-phishing-submit').click();
    await app.waitForRoute('/pages/user/safe');
    await expect.poll(() => state('anti-phishing'), patient).toBe('set');
    expect(await page.locator('.security-row', { hasText: 'Ga***' }).count()).toBe(1);
  });

  it('lists devices, and signs one out, then all the others', async () => {
    const user = await signedInUser();
    const { app } = phone;
    const { page } = app;
    const logIn = async () => {
      const other = new ApiClient(appUrl);
      const answer = await other.post<{ token: string }>('/login/index', {
        account: user.account,
        password: user.password,
      });
      expect(answer.body.code).toBe(200);
      return { client: other, token: answer.body.data.token };
    };
    const first = await logIn();
    const listed = await first.client.get<{ id: string; current: boolean }[]>(
      '/security/sessions',
      {},
      { token: first.token },
    );
    const firstId = listed.body.data.find((row) => row.current)?.id;

    await app.open('/pages/user/safe');
    await page.getByTestId('security-sessions-link').click();
    await app.waitForRoute('/pages/user/sessions');
    const rows = page.locator('[data-testid^="session-"][data-current]');
    await expect.poll(() => rows.count(), patient).toBe(2);
    expect(await page.locator('[data-current="true"]').getByText('This device').count()).toBe(1);

    await page.getByTestId(`session-end-${firstId}`).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => rows.count(), patient).toBe(1);
    const ended = await first.client.get('/security/sessions', {}, { token: first.token });
    expect(ended.body.code).toBe(999);

    await logIn();
    await logIn();
    await page.reload();
    await expect.poll(() => rows.count(), patient).toBe(3);
    await page.getByTestId('sessions-end-others').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => app.toast().allTextContents(), patient)
      .toContain('2 devices signed out.');
    await expect.poll(() => rows.count(), patient).toBe(1);
    expect(await page.locator('[data-current="true"]').count()).toBe(1);
  });

  it('switches whitelist mode on at once, and off with the email code', async () => {
    const user = await signedInUser();
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/safe');
    const toggle = page.getByTestId('safe-whitelist-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked'), patient).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), patient).toBe('true');
    expect(await state('whitelist')).toBe('set');

    await toggle.click();
    const sheet = page.getByTestId('whitelist-off-sheet');
    await sheet.waitFor();
    await app.fill({ email_code: await emailCode(user) });
    await page.getByTestId('whitelist-off-submit').click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), patient).toBe('false');
    expect(await sheet.count()).toBe(0);
  });

  it('shows the login history, a failed try among the sign-ins', async () => {
    const user = await signedInUser();
    const { app } = phone;
    const { page } = app;
    const wrong = await new ApiClient(appUrl).post('/login/index', {
      account: user.account,
      password: 'Wrong1234',
    });
    expect(wrong.body.code).not.toBe(200);
    await app.open('/pages/user/logins');
    const rows = page.getByTestId('login-row');
    await expect.poll(() => rows.count(), patient).toBeGreaterThanOrEqual(2);
    const failed = page.locator('[data-testid="login-row"][data-outcome="password_wrong"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('Wrong password');
    const registered = page.locator('[data-testid="login-row"]', { hasText: 'Registration' });
    expect(await registered.count()).toBe(1);
  });
});
