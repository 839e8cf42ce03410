// Identity verification in a phone-sized Chromium against the real server: the user fills in the
// form with two ID images (previewed before upload), sees 'under review', an operator approves
// through the ops CLI, and the menu's red prompt goes away without reloading the app.
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

const idImage = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('identity verification', () => {
  it('submits with two images, is reviewed by an operator, and the menu prompt disappears', async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    const status = app.page.getByTestId('kyc-status');

    await app.open('/');
    await app.openMenu();
    await expect.poll(() => app.page.locator('.menu-header__verify').count(), patient).toBe(1);
    await app.menuEntry('Identity verification');
    await app.waitForRoute('/pages/user/auth');
    await expect.poll(() => status.getAttribute('data-status'), patient).toBe('unverified');

    await app.fill({ real_name: 'Ada Lovelace', id_number: 'P1234567' });
    for (const [side, colour] of [
      ['front', '#2255aa'],
      ['back', '#aa5522'],
    ] as const) {
      await app.page.getByTestId(`kyc-file-${side}`).setInputFiles({
        name: `${side}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await idImage(colour),
      });
      await app.page.getByTestId(`kyc-preview-${side}`).waitFor();
    }
    await app.page.getByTestId('kyc-submit').click();
    await expect.poll(() => status.textContent(), patient).toBe('Under review');

    const queue = JSON.parse(await ops('kyc', 'list')) as { account: string; real_name: string }[];
    expect(queue.find((row) => row.account === user.account)?.real_name).toBe('Ada Lovelace');
    expect(JSON.parse(await ops('kyc', 'approve', user.account))).toMatchObject({
      status: 'verified',
    });

    // Back in the app without a reload: the user info loaded at start still says unverified, so
    // the prompt going away shows the menu asked again.
    await app.page.getByRole('button', { name: 'Back' }).click();
    await app.waitForRoute('/');
    await app.openMenu();
    await expect.poll(() => app.page.locator('.menu-header__verify').count(), patient).toBe(0);
    await app.menuEntry('Identity verification');
    await expect.poll(() => status.getAttribute('data-status'), patient).toBe('verified');
  });
});
