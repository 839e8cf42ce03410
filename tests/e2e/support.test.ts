// Notices and customer service in a phone-sized Chromium against the real server: a notice the
// operator publishes through the CLI shows on home and opens from the menu (its script payload stays text), and an
// operator's CLI answer to a support message appears in the open conversation without a reload.
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

describe('notices and customer service', () => {
  it('opens a notice from the menu and reads it, with its markup as text', async () => {
    const title = `Trading hours change ${Date.now()}`;
    const added = JSON.parse(
      await ops(
        'article',
        'add',
        '--category',
        '92',
        '--title',
        title,
        '--body',
        'Markets stay **open**.\n\n<img src=x onerror="window.__injected = true">',
      ),
    ) as { id: number };
    const { app } = phone;
    await app.open('/');
    // Home lists the newest notices.
    await expect
      .poll(() => app.page.getByTestId('home-notices').textContent(), patient)
      .toContain(title);
    await app.openMenu();
    await app.menuEntry('Platform notice');
    const row = app.page.getByTestId(`article-row-${added.id}`);
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await expect
      .poll(() => app.page.getByTestId('article-title').textContent(), patient)
      .toBe(title);
    // The address names the article as a link would type it: `?id=12`, not a quoted string.
    expect(app.route()).toBe(`/pages/article/detail?id=${added.id}`);
    const body = app.page.getByTestId('article-body');
    expect(await body.locator('strong').textContent()).toBe('open');
    expect(await body.locator('img').count()).toBe(0);
    expect(await body.textContent()).toContain('<img src=x onerror=');
    expect(
      await app.page.evaluate(() => 'window.__injected' in window || '__injected' in window),
    ).toBe(false);
  });

  it("shows an operator's answer to a support message live", async () => {
    const user = await registerUser(new ApiClient(appUrl), dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    await app.open('/pages/ks/index');
    await app.page.getByTestId('support-input').fill('Where is my deposit?');
    await app.page.getByTestId('support-send').click();
    const mine = app.page.getByTestId('support-message-user');
    await expect.poll(() => mine.textContent(), patient).toContain('Where is my deposit?');

    const queue = JSON.parse(await ops('support', 'list')) as { account: string }[];
    expect(queue.map((row) => row.account)).toContain(user.account);
    await ops('support', 'reply', user.account, 'It', 'is', 'credited', 'now');
    const answer = app.page.getByTestId('support-message-operator');
    await expect.poll(() => answer.textContent(), patient).toContain('It is credited now');
  });
});
