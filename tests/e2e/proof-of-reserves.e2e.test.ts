// The proof of reserves in a phone-sized Chromium against the real server: after an operator's
// snapshot (`npm run ops -- chain por`) a user reaches the page from the asset center and sees
// their proof verified in the browser, their balance as counted and the time the check took; the
// proof and root it downloads are what `npm run proof:verify` accepts; the page reads in Hebrew
// right to left and passes axe in both themes; a user who joined after the snapshot is told so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { verifyFiles } from '../../scripts/verify-proof.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { blockingFindings, describeFindings } from './axe-scan.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp({ acceptDownloads: true });

/** Signs `token` in on the phone's next pages, in `lang` when given. */
async function signIn(token: string, settings: { lang?: string } = {}) {
  await phone.context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem('token', token as string);
      if (lang) localStorage.setItem('lang', lang);
    },
    [token, settings.lang],
  );
}

/** Saves what clicking `testId` downloads into `dir`, answering the file's path. */
async function downloadOf(page: Page, testId: string, dir: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testId).click(),
  ]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

describe('the proof of reserves page', () => {
  it('verifies the user’s proof in the browser, from the asset center', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    expect(await ops('deposit', user.account, 'USDT', '125.5', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    expect(await ops('chain', 'por')).toContain('"hash"');
    await signIn(user.token);
    const { page } = phone.app;

    await phone.app.open('/pages/assets/index');
    await page.getByTestId('reserves-entry').click();
    await phone.app.waitForRoute('/pages/assets/reserves');
    await expect.poll(() => phone.app.title(), patient).toBe('Proof of reserves');
    const verdict = page.getByTestId('reserves-verdict');
    await expect.poll(() => verdict.textContent(), patient).toBe('Verified');
    expect(await page.getByTestId('reserves-balance-USDT').textContent()).toBe('125.50');
    expect(await page.getByTestId('reserves-time').textContent()).toMatch(
      /^Checked in this browser in \d+\.\d\d ms$/,
    );
    expect(await page.getByTestId('reserves-root').textContent()).toMatch(/^[0-9a-f]{64}$/);
    // The path is folded until asked for; opened, each level names its sibling's side.
    const proofPath = page.getByTestId('reserves-path');
    expect(await proofPath.getAttribute('open')).toBeNull();
    await proofPath.locator('summary').click();
    expect(await proofPath.getAttribute('open')).toBe('');

    const dir = mkdtempSync(path.join(tmpdir(), 'reserve-download-'));
    try {
      const proofFile = await downloadOf(page, 'reserves-download-proof', dir);
      const rootFile = await downloadOf(page, 'reserves-download-root', dir);
      expect(path.basename(proofFile)).toMatch(/^proof-of-reserves-\d+-proof\.json$/);
      expect(verifyFiles([proofFile, rootFile])).toMatchObject({
        ok: true,
        line: expect.stringContaining(`ok: ${user.userId}'s balances are counted in root`),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads right to left in Hebrew and passes axe in both themes', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await ops('deposit', user.account, 'USDT', '40', '--chain', 'TRC20');
    await ops('chain', 'por');
    await signIn(user.token, { lang: 'he' });
    const { page } = phone.app;
    await phone.app.open('/pages/assets/reserves');
    await expect
      .poll(() => page.getByTestId('reserves-verdict').textContent(), patient)
      .toBe('אומתה');
    expect(await phone.app.htmlAttributes()).toMatchObject({ lang: 'he', dir: 'rtl' });
    for (const theme of ['white', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await page.getByTestId('reserves-verdict').waitFor({ timeout: patient.timeout });
      await page.getByTestId('reserves-path').locator('summary').click();
      const findings = await blockingFindings(page, `proof of reserves [${theme}]`);
      expect(findings, describeFindings(findings)).toEqual([]);
    }
  });

  it('tells a user who joined after the latest snapshot that their proof comes with the next', async () => {
    const client = new ApiClient(appUrl);
    const before = await registerUser(client, dataDir);
    await ops('deposit', before.account, 'USDT', '10', '--chain', 'TRC20');
    await ops('chain', 'por');
    const user = await registerUser(client, dataDir);
    await signIn(user.token);
    await phone.app.open('/pages/assets/reserves');
    const missing = phone.app.page.getByTestId('reserves-missing');
    await expect
      .poll(() => missing.textContent(), patient)
      .toContain('You are not in a proof of reserves yet');
    expect(await phone.app.toast().count()).toBe(0);
  });
});
