// API keys in a phone-sized Chromium against the real server: reached from the security center,
// the form flags its problems under each field, a key is made with the code read from the mail,
// its secret is shown once (copied, then gone from the page and from everything the app stores),
// the key is listed with what it may do, and deleting it revokes it on the server; with an
// authenticator bound its code is asked for too. In Hebrew the page reads right to left, its keys
// and addresses left to right. Each of its states passes axe's blocking rules.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { lastCodeFor, type RegisteredUser, readOutbox, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { blockingFindings } from './axe-scan.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { authenticatorCode, bindAuthenticator } from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A new account signed in in the test's browser, in `language`. */
async function signedInUser(language = 'en'): Promise<RegisteredUser> {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await phone.context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('lang', lang);
    },
    [user.token, language] as const,
  );
  return user;
}

/** Taps "Send code" for the email code and waits for the mail; answers its code. */
async function emailCode(user: RegisteredUser): Promise<string> {
  const mails = async () => (await readOutbox(dataDir)).filter((e) => e.to === user.account);
  const before = (await mails()).length;
  await phone.app.page.getByTestId('security-send-email-code').click();
  await expect.poll(async () => (await mails()).length, patient).toBe(before + 1);
  return lastCodeFor(dataDir, user.account);
}

/** Everything the app keeps in the browser: localStorage, sessionStorage and every IndexedDB. */
function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        parts.push(JSON.stringify(rows));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

const listed = (page: Page) => page.locator('li[data-testid^="api-key-"]');

describe('API keys', () => {
  it('makes a key, shows its secret once, lists it and deletes it', async () => {
    const user = await signedInUser();
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/safe');
    await page.getByTestId('security-api-keys-link').click();
    await app.waitForRoute('/pages/user/apiKeys');
    await expect.poll(() => app.title()).toBe('API keys');
    await page.getByText('You have no API keys.').waitFor();

    await page.getByTestId('api-key-create').click();
    // Reading is always on; trading is ticked; no key can withdraw, and the form says so.
    const read = page.getByTestId('api-key-scope-read');
    expect(await read.isChecked()).toBe(true);
    expect(await read.isDisabled()).toBe(true);
    expect(await page.getByTestId('api-key-scope-spot').isChecked()).toBe(false);
    expect(await page.getByTestId('api-key-no-withdrawals').textContent()).toBe(
      'No API key can ever withdraw or transfer funds, whatever its permissions.',
    );

    // Every problem at once, under its field, before anything is sent.
    const allowlist = page.locator('textarea[name="ip_allowlist"]');
    await allowlist.fill('203.0.113.7, example.com');
    await page.getByTestId('api-key-submit').click();
    expect(await app.fieldProblem('label')).toBe('Enter a label.');
    expect(await app.fieldProblem('email_code')).toBe('Enter the code sent to your email.');
    expect(await allowlist.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#security-ip_allowlist-problem').textContent()).toBe(
      'Each entry must be an IPv4 or IPv6 address or a CIDR block, such as 203.0.113.0/24.',
    );
    expect(await blockingFindings(page, 'the API key form, its problems flagged')).toEqual([]);

    // A wrong email code is the server's refusal, said under its field in the user's language.
    await app.fill({ label: 'Grid bot', email_code: '000000' });
    await allowlist.fill('203.0.113.7\n198.51.100.0/24, 203.0.113.7');
    await page.getByTestId('api-key-scope-spot').check();
    await page.getByTestId('api-key-submit').click();
    await expect.poll(() => app.fieldProblem('email_code'), patient).not.toBeNull();

    await app.fill({ email_code: await emailCode(user) });
    await page.getByTestId('api-key-submit').click();
    const card = page.getByTestId('api-key-created');
    await card.waitFor(patient);
    const apiKey = (await page.getByTestId('api-key-created-key').textContent()) ?? '';
    const secret = (await page.getByTestId('api-key-created-secret').textContent()) ?? '';
    expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(await card.getByRole('alert').textContent()).toContain('shown only this once');
    expect(await blockingFindings(page, 'the new key and its secret')).toEqual([]);
    await card.getByRole('button', { name: 'Copy the secret key' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), patient)
      .toBe(secret);

    // The card is left only once the user says the secret is saved; then it is gone for good.
    const done = page.getByTestId('api-key-done');
    expect(await done.isDisabled()).toBe(true);
    await page.getByTestId('api-key-saved').check();
    await done.click();
    await expect.poll(() => listed(page).count(), patient).toBe(1);
    const row = listed(page).first();
    expect(await row.getByTestId('api-key-label').textContent()).toBe('Grid bot');
    expect(await row.getByTestId('api-key-value').textContent()).toBe(apiKey);
    expect(await row.getByTestId('api-key-scopes').textContent()).toBe('Read · Spot');
    expect(await row.textContent()).toContain('203.0.113.7, 198.51.100.0/24');
    expect(await blockingFindings(page, 'the list of keys')).toEqual([]);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect.poll(() => listed(page).count(), patient).toBe(1);
    expect(await page.content()).not.toContain(secret);

    const client = new ApiClient(appUrl);
    const keys = async () =>
      (await client.get<{ api_key: string }[]>('/security/api-keys', {}, { token: user.token }))
        .body.data;
    expect((await keys()).map((key) => key.api_key)).toEqual([apiKey]);

    const id = ((await row.getAttribute('data-testid')) ?? '').replace('api-key-', '');
    await page.getByTestId(`api-key-delete-${id}`).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => listed(page).count(), patient).toBe(0);
    await expect.poll(() => app.toast().allTextContents(), patient).toContain('API key deleted.');
    expect(await keys()).toEqual([]);

    // Nothing the app keeps in the browser (the event log among it) ever held the secret.
    expect(await storedText(page)).not.toContain(secret);
  });

  it('asks for the authenticator code when one is bound, and takes the key with it', async () => {
    const user = await signedInUser();
    const secret = await bindAuthenticator(user);
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/apiKeys');
    await page.getByTestId('api-key-create').click();
    await app.field('totp_code').waitFor(patient);
    await app.fill({ label: 'Futures bot', email_code: await emailCode(user) });
    await page.getByTestId('api-key-scope-futures').check();
    await page.getByTestId('api-key-submit').click();
    expect(await app.fieldProblem('totp_code')).toBe(
      'Enter the 6-digit code from your authenticator app.',
    );
    // The binding used this step's code: the next step's is the one a user would type now.
    await app.fill({ totp_code: authenticatorCode(secret, 1) });
    await page.getByTestId('api-key-submit').click();
    await page.getByTestId('api-key-created').waitFor(patient);
    await page.getByTestId('api-key-saved').check();
    await page.getByTestId('api-key-done').click();
    await expect.poll(() => listed(page).count(), patient).toBe(1);
    expect(await listed(page).first().getByTestId('api-key-scopes').textContent()).toBe(
      'Read · Futures',
    );
  });

  it('reads right to left in Hebrew, its keys and addresses left to right', async () => {
    await signedInUser('he');
    const { app } = phone;
    const { page } = app;
    await app.open('/pages/user/apiKeys');
    await expect.poll(() => app.title(), patient).toBe('מפתחות API');
    expect((await app.htmlAttributes()).dir).toBe('rtl');
    await page.getByTestId('api-key-create').click();
    expect(await page.locator('textarea[name="ip_allowlist"]').getAttribute('dir')).toBe('ltr');
    expect(await page.getByTestId('api-key-no-withdrawals').textContent()).toBe(
      'שום מפתח API אינו יכול למשוך או להעביר כספים, יהיו ההרשאות שלו אשר יהיו.',
    );
  });
});
