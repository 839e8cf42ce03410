// Passkeys in Chromium with its virtual WebAuthn authenticator (the DevTools protocol's
// WebAuthn.addVirtualAuthenticator): register a passkey on the passkeys page, sign out, sign in
// with it from the login page, and confirm a withdrawal with it. WebAuthn needs a secure context
// and the relying party's id: the app is opened at http://localhost:<port>, which the server's
// default relying party (`localhost`) accepts from any port.
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { AppPage } from './pages/app-page.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import {
  deposit,
  openWithdraw,
  sendWithdrawCode,
  tradePassword,
  withTradePassword,
} from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

/** The same server under the name the relying party id matches. */
function onLocalhost(url: string): string {
  const address = new URL(url);
  address.hostname = 'localhost';
  return address.origin;
}

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function virtualAuthenticator(app: AppPage): Promise<void> {
  const cdp = await app.page.context().newCDPSession(app.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

describe('passkeys', () => {
  it('registers one, signs in with it, and confirms a withdrawal with it', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await withTradePassword(user);
    await deposit(user, '100');
    const app = new AppPage(phone.app.page, onLocalhost(appUrl));
    await virtualAuthenticator(app);
    await app.open('/');
    await app.page.evaluate((token) => localStorage.setItem('token', token), user.token);
    // Read at the app's start: signed in from the next load on.
    await app.page.reload();

    // Register.
    await app.open('/pages/user/passkeys');
    await app.fill({ name: 'Test phone' });
    await app.page.getByTestId('passkey-add').click();
    const names = app.page.locator('[data-testid^="passkey-name-"]');
    await expect.poll(() => names.allTextContents(), patient).toEqual(['Test phone']);
    const used = app.page.locator('[data-testid^="passkey-used-"]');
    expect(await used.textContent()).toBe('Not used yet');

    // Sign out, then in with the passkey: no account typed, the browser finds it.
    await app.open('/');
    await app.openMenu();
    await app.menuEntry('Log out');
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => app.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await app.open('/login?redirect=%2Fpages%2Fuser%2Fpasskeys');
    await app.page.getByTestId('passkey-sign-in').click();
    await app.waitForRoute('/pages/user/passkeys');
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect.poll(() => used.textContent(), patient).toMatch(/^Last used /);

    // Confirm a withdrawal with it.
    await openWithdraw(app);
    await app.fill({
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      amount: '20',
      trade_password: tradePassword,
    });
    await app.fill({ email_code: await sendWithdrawCode(app, user.account) });
    const submit = app.page.getByTestId('withdraw-submit');
    await expect.poll(() => submit.textContent(), patient).toBe('Confirm with a passkey');
    await submit.click();
    const status = app.page.locator('[data-testid^="withdrawal-status-"]').first();
    await expect.poll(() => status.count(), patient).toBe(1);
    const id = ((await status.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', '');
    const pending = JSON.parse(await ops('withdrawals', '--status', 'pending')) as { id: number }[];
    expect(pending.map((withdrawal) => String(withdrawal.id))).toContain(id);
  });
});
