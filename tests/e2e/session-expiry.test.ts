// A session the server ends while the app is open (here: from another device, through the
// sessions API) sends the user to the login page on the next call, which says why in the server's
// words and keeps the page the user was on, to return to once signed in (docs/security.md).
import { describe, expect, inject, it } from 'vitest';
import { goodPassword, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

describe('a session ended elsewhere', () => {
  it('opens the login page with a "session expired" message and the page to return to', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    await app.open('/pages/assets/index');
    await app.page.getByTestId('asset-total').waitFor({ timeout: 30_000 });

    // Another device signs in and ends every session but its own: the phone's among them.
    const other = new ApiClient(appUrl);
    const login = await other.post<{ token: string }>('/login/index', {
      account: user.account,
      password: goodPassword,
    });
    expect(login.body.code).toBe(200);
    const ended = await other.post<{ count: number }>(
      '/security/sessions/revokeOthers',
      {},
      { token: login.body.data.token },
    );
    expect(ended.body).toMatchObject({ code: 200, data: { count: 1 } });

    // The next page asks the server with the ended session.
    await app.open('/pages/user/safe');
    await app.waitForRoute(`/login?redirect=${encodeURIComponent('/pages/user/safe')}`);
    const notice = app.page.getByTestId('session-expired');
    await expect
      .poll(() => notice.textContent(), patient)
      .toBe('Login timeout, please log in again');
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Said once, on the page, not toasted as well.
    expect(await app.toast().count()).toBe(0);

    // Signing in again returns to the page and the message is gone.
    await app.fill({ account: user.account, password: goodPassword });
    await app.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await app.waitForRoute('/pages/user/safe');
    await app.open('/login');
    expect(await notice.count()).toBe(0);
  });
});
