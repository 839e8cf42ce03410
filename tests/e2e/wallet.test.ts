// The wallet in a phone-sized Chromium against the real server: a deposit through the ops CLI
// shows in the asset center; a transfer moves it between accounts; a withdrawal with the trade
// password and the code sent to the user's email waits for the operator, who approves it through
// the CLI; the records show each step.
import { describe, expect, inject, it } from 'vitest';
import { lastCodeFor, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { loggedEventCount } from './pages/kept-log.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { sendWithdrawCode } from './second-factors.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const tradePassword = '482916';
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

describe('the wallet', () => {
  it('deposits, transfers, withdraws with approval, and records each step', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await client.post('/security/sendCode', { type: 'email' }, { token: user.token });
    const code = await lastCodeFor(dataDir, user.account);
    await client.post(
      '/security/payPwd',
      { password: tradePassword, repassword: tradePassword, code },
      { token: user.token },
    );
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);

    expect(await ops('deposit', user.account, 'USDT', '100', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    await phone.app.open('/pages/assets/index');
    const funding = phone.app.page.getByTestId('balance-funding-USDT');
    await expect.poll(() => funding.textContent(), patient).toMatch(/^100(\.0+)?$/);

    await phone.app.open('/pages/assets/transfer');
    await phone.app.page.getByTestId('transfer-from').selectOption('funding');
    await phone.app.page.getByTestId('transfer-to').selectOption('contract');
    await phone.app.page.getByTestId('transfer-amount').fill('25');
    await phone.app.page.getByTestId('transfer-submit').click();
    await phone.app.open('/pages/assets/index');
    await expect
      .poll(() => phone.app.page.getByTestId('balance-contract-USDT').textContent(), patient)
      .toMatch(/^25(\.0+)?$/);

    await phone.app.open('/pages/assets/withdraw');
    await phone.app.page.getByTestId('asset-choice-USDT').click();
    await phone.app.page.getByTestId('chain-choice-TRC20').click();
    await phone.app.fill({
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      amount: '50',
      trade_password: tradePassword,
    });
    await phone.app.fill({ email_code: await sendWithdrawCode(phone.app, user.account) });
    await phone.app.page.getByTestId('withdraw-submit').click();
    const status = phone.app.page.locator('[data-testid^="withdrawal-status-"]').first();
    await expect.poll(() => status.count(), patient).toBe(1);
    const id = ((await status.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', '');

    const pending = JSON.parse(await ops('withdrawals', '--status', 'pending')) as { id: number }[];
    expect(pending.map((withdrawal) => String(withdrawal.id))).toContain(id);
    expect(JSON.parse(await ops('withdrawal', 'approve', id))).toMatchObject({ status: 'sent' });
    expect((await ops('ledger', 'check')).trim()).toBe('ok');

    await phone.app.open('/pages/assets/index');
    await expect.poll(() => funding.textContent(), patient).toMatch(/^24(\.0+)?$/);
    await phone.app.open('/pages/assets/record');
    // The deposit, the transfer as one entry (from → to), and the withdrawal with its fee.
    await expect.poll(() => phone.app.page.getByTestId('record-row').count(), patient).toBe(3);
  });

  it('shows the balances it showed last time at once, before they answer again', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await ops('deposit', user.account, 'USDT', '70', '--chain', 'TRC20');
    const { page } = phone.app;
    await phone.app.open('/pages/assets/index');
    const funding = page.getByTestId('balance-funding-USDT');
    await expect.poll(() => funding.textContent(), patient).toMatch(/^70(\.0+)?$/);
    await expect.poll(() => loggedEventCount(page, 'wallet-balances'), patient).toBeGreaterThan(0);
    // From now on the balances never answer: what the page shows can only come from the log.
    await phone.context.route('**/api/wallet/balances*', () => {});
    await page.reload();
    await expect.poll(() => funding.textContent(), patient).toMatch(/^70(\.0+)?$/);
  });
});
