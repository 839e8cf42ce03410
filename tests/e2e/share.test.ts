// The invite programme and the security center in a phone-sized Chromium against the real server:
// a friend registers through the inviter's link with the code already filled in and shows in the
// inviter's level-1 log; the page shows each level's commission rate and earnings and a poster to
// share; setting the trade password with the emailed code turns the security
// center's trade password row to 'set'.
import { describe, expect, inject, it } from 'vitest';
import { lastCodeFor, newEmail, readOutbox, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const password = 'Secret123';
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

const mailTo = async (to: string) => (await readOutbox(dataDir)).filter((entry) => entry.to === to);

async function signedInUser() {
  const user = await registerUser(new ApiClient(appUrl), dataDir);
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return user;
}

describe('invite friends', () => {
  it('registers a friend through the invite link and shows them in the level-1 log', async () => {
    await signedInUser();
    const { page } = phone.app;
    await phone.app.open('/pages/user/share');
    const code = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toBe(`${appUrl}/#/login?invite_code=${code}`);
    expect(await page.getByTestId('invite-qr').count()).toBe(1);
    expect(await page.getByTestId('invite-count').textContent()).toBe('0');

    // The friend opens the link in a browser of their own: registration, code filled in.
    const friendPage = await phone.context.browser()?.newPage();
    if (!friendPage) throw new Error('no browser for the friend');
    try {
      await friendPage.goto(link);
      const inviteField = friendPage.locator('input[name="inviteCode"]');
      await expect.poll(() => inviteField.inputValue(), patient).toBe(code);
      const email = newEmail();
      await friendPage.locator('input[name="email"]').fill(email);
      await friendPage.getByRole('button', { name: 'Send code' }).click();
      await expect
        .poll(() => lastCodeFor(dataDir, email).catch(() => ''), patient)
        .toMatch(/^\d{6}$/);
      await friendPage.locator('input[name="code"]').fill(await lastCodeFor(dataDir, email));
      await friendPage.locator('input[name="password"]').fill(password);
      await friendPage.locator('input[name="repassword"]').fill(password);
      await friendPage.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => new URL(friendPage.url()).hash, patient).toBe('#/');

      await page.reload();
      await expect.poll(() => page.getByTestId('invite-count-1').textContent(), patient).toBe('1');
      const row = page.getByTestId('invite-log').locator('li');
      expect(await row.count()).toBe(1);
      expect(await row.getAttribute('data-level')).toBe('1');
      const [local = '', domain = ''] = email.split('@');
      expect(await row.textContent()).toContain(`${local.slice(0, 2)}***@${domain}`);
      expect(await row.textContent()).not.toContain(local);
    } finally {
      await friendPage.close();
    }
  });
});

describe('the invite page', () => {
  it("shows each level's commission rate and earnings, and a poster with the QR code", async () => {
    await signedInUser();
    const { page } = phone.app;
    await phone.app.open('/pages/user/share');
    // The default rates: 20 %, 10 % and 5 % of an invitee's trading fee.
    await expect.poll(() => page.getByTestId('invite-rate-1').textContent(), patient).toBe('20%');
    expect(await page.getByTestId('invite-rate-2').textContent()).toBe('10%');
    expect(await page.getByTestId('invite-rate-3').textContent()).toBe('5%');
    expect(await page.getByTestId('invite-earned-1').textContent()).toBe('Nothing yet');
    // The poster is drawn, the same 720×1080 card as the PnL card, and can be saved.
    const poster = page.getByTestId('invite-poster');
    await expect.poll(() => poster.count(), patient).toBe(1);
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth), patient)
      .toBe(720);
    expect(await poster.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(1080);
    const save = page.getByTestId('invite-poster-save');
    expect(await save.getAttribute('download')).toMatch(/^invite-[A-Z2-9]{8}\.png$/);
    expect(await save.getAttribute('href')).toMatch(/^blob:/);
  });
});

describe('the security center', () => {
  it("shows the trade password 'set' after setting it with the emailed code", async () => {
    const user = await signedInUser();
    const { page } = phone.app;
    await phone.app.open('/pages/user/safe');
    const trade = page.getByTestId('safe-trade');
    await expect.poll(() => trade.getAttribute('data-state'), patient).toBe('unset');
    expect(await page.getByTestId('safe-login').getAttribute('data-state')).toBe('set');
    expect(await page.getByTestId('safe-email').getAttribute('data-state')).toBe('set');

    await page.getByTestId('safe-trade-action').click();
    await phone.app.waitForRoute('/pages/user/password?type=trade');
    // A first trade password is set with a code only: no old-password field.
    expect(await phone.app.field('old').count()).toBe(0);
    // The registration code went to the same address: wait for the next message.
    const sentBefore = (await mailTo(user.account)).length;
    await page.getByTestId('password-send-code').click();
    await expect
      .poll(async () => (await mailTo(user.account)).length, patient)
      .toBe(sentBefore + 1);
    await phone.app.fill({
      code: await lastCodeFor(dataDir, user.account),
      password: '482916',
      repassword: '482917',
    });
    await page.getByTestId('password-submit').click();
    // A mismatch is refused on the page, and nothing is sent.
    expect(await page.getByRole('alert').textContent()).toBeTruthy();
    await phone.app.fill({ repassword: '482916' });
    await page.getByTestId('password-submit').click();

    await phone.app.waitForRoute('/pages/user/safe');
    await expect.poll(() => trade.getAttribute('data-state'), patient).toBe('set');
    expect(await page.getByTestId('safe-trade-action').textContent()).toBe('Change');
  });
});
