// Open screens follow what the server pushes, in a phone-sized Chromium against the real server:
// a deposit the operator credits through the ops CLI shows in the open asset center, an approved
// withdrawal's row changes its status and loses its Cancel button, and the verification page shows
// the operator's approval, and the top bar's bell counts the new notification until it is read,
// each without a reload of the page (a marker set on the window before stays set) and without
// asking the server again on a timer.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { lastCodeFor, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import type { AppPage } from './pages/app-page.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { deposit, tradePassword, withTradePassword } from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

async function signedIn(): Promise<RegisteredUser> {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return user;
}

/** Marks the page's window: a reload would make a new one without the mark. */
const markWindow = (app: AppPage) =>
  app.page.evaluate(() => {
    (window as unknown as { unreloaded?: boolean }).unreloaded = true;
  });
const stillMarked = (app: AppPage) =>
  app.page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

describe('pushed, not polled', () => {
  it('shows a deposit credited by the operator in the open asset center', async () => {
    const user = await signedIn();
    const { app } = phone;
    await app.open('/pages/assets/index');
    // The empty asset center: the answer came, and has nothing yet.
    await expect
      .poll(() => app.page.getByTestId('asset-total').textContent(), patient)
      .toMatch(/^0/);
    await markWindow(app);

    await deposit(user, '50000');
    await expect
      .poll(() => app.page.getByTestId('balance-funding-USDT').textContent(), patient)
      .toMatch(/^50[,.\u00a0\u202f]?000(\.0+)?$/);
    await expect
      .poll(() => app.page.getByTestId('asset-total').textContent(), patient)
      .toMatch(/^50[,.\u00a0\u202f]?000/);
    expect(await stillMarked(app)).toBe(true);
  });

  it("changes an approved withdrawal's status and takes its Cancel button away", async () => {
    const user = await signedIn();
    await withTradePassword(user);
    await deposit(user, '200');
    const client = new ApiClient(appUrl);
    await client.post(
      '/security/sendCode',
      { type: 'email', purpose: 'withdraw' },
      { token: user.token },
    );
    const requested = await client.post<{ id: number }>(
      '/wallet/withdraw',
      {
        asset: 'USDT',
        chain: 'TRC20',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        amount: '50',
        trade_password: tradePassword,
        email_code: await lastCodeFor(dataDir, user.account),
      },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(requested.body.code).toBe(200);
    const { id } = requested.body.data;

    const { app } = phone;
    await app.open('/pages/assets/withdraw');
    const status = app.page.getByTestId(`withdrawal-status-${id}`);
    const cancel = app.page.getByTestId(`withdrawal-cancel-${id}`);
    await expect.poll(() => status.textContent(), patient).toBe('Awaiting review');
    await expect.poll(() => cancel.count(), patient).toBe(1);
    await markWindow(app);

    expect(JSON.parse(await ops('withdrawal', 'approve', String(id)))).toMatchObject({
      status: 'sent',
    });
    await expect.poll(() => status.textContent(), patient).toBe('Sent');
    await expect.poll(() => cancel.count(), patient).toBe(0);
    expect(await stillMarked(app)).toBe(true);
  });

  it('shows the operator approving the verification on the open verification page', async () => {
    const user = await signedIn();
    const client = new ApiClient(appUrl);
    const upload = async (colour: string) => {
      const form = new FormData();
      const image = await sharp({
        create: { width: 320, height: 200, channels: 3, background: colour },
      })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'id.jpg');
      const response = await fetch(`${appUrl}/api/index/upic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      return ((await response.json()) as { data: { url: string } }).data.url;
    };
    const submitted = await client.post(
      '/security/primaryAuth',
      {
        real_name: 'Ada Lovelace',
        id_number: 'P1234567',
        front_img: await upload('#2255aa'),
        back_img: await upload('#aa5522'),
      },
      { token: user.token },
    );
    expect(submitted.body.code).toBe(200);

    const { app } = phone;
    await app.open('/pages/user/auth');
    const status = app.page.getByTestId('kyc-status');
    await expect.poll(() => status.getAttribute('data-status'), patient).toBe('pending');
    await markWindow(app);

    expect(JSON.parse(await ops('kyc', 'approve', user.account))).toMatchObject({
      status: 'verified',
    });
    await expect.poll(() => status.getAttribute('data-status'), patient).toBe('verified');
    expect(await stillMarked(app)).toBe(true);
  });

  it("raises the bell's unread count for a credited deposit, lists it, and clears it when read", async () => {
    const user = await signedIn();
    const { app } = phone;
    await app.open('/pages/assets/index');
    const bell = app.page.getByTestId('notification-bell');
    const count = app.page.getByTestId('notification-count');
    await bell.waitFor();
    // Nothing has happened to this account yet: the bell shows no count.
    await expect.poll(() => count.count(), patient).toBe(0);
    await markWindow(app);

    await deposit(user, '1250');
    await expect.poll(() => count.textContent(), patient).toBe('1');
    expect(await stillMarked(app)).toBe(true);

    await bell.click();
    const row = app.page.getByTestId('notification-row');
    await expect.poll(() => row.count(), patient).toBe(1);
    expect(await row.getAttribute('data-kind')).toBe('deposit_credited');
    expect(await row.textContent()).toMatch(
      /Deposit of 1[,.\u00a0\u202f]?250(\.0+)? USDT credited/,
    );
    expect(await row.getAttribute('aria-pressed')).toBe('false');

    await app.page.getByTestId('notifications-mark-all').click();
    await expect.poll(() => count.count(), patient).toBe(0);
    await expect.poll(() => row.getAttribute('aria-pressed'), patient).toBe('true');
    expect(await stillMarked(app)).toBe(true);
  });
});
