// The wallet in a phone-sized Chromium against the real server: a deposit through the ops CLI
// shows in the asset center; a transfer moves it between accounts; a withdrawal with the trade
// password and the code sent to the user's email waits for the operator, who approves it through
// the CLI and whose transaction hash the open list then shows; the records show each step; a
// pre-sale token counts in the total at its pre-sale price, marked as such; a small balance is
// converted to USDT from a sheet that previews it, and the balances follow.
import { randomUUID } from 'node:crypto';
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
    // The preview is written as the balances are: USDT in cents.
    expect(await phone.app.page.getByTestId('withdraw-received').textContent()).toBe('50.00');
    expect(await phone.app.page.getByTestId('withdraw-deducted').textContent()).toBe('51.00');
    expect(await phone.app.page.getByTestId('withdraw-fee').textContent()).toBe('1.00');
    await phone.app.page.getByTestId('withdraw-submit').click();
    const status = phone.app.page.locator('[data-testid^="withdrawal-status-"]').first();
    await expect.poll(() => status.count(), patient).toBe(1);
    const id = ((await status.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', '');

    const pending = JSON.parse(await ops('withdrawals', '--status', 'pending')) as { id: number }[];
    expect(pending.map((withdrawal) => String(withdrawal.id))).toContain(id);
    const sent = JSON.parse(await ops('withdrawal', 'approve', id)) as { txid: string | null };
    expect(sent).toMatchObject({ status: 'sent', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
    // The open list shows the transaction's hash once it is sent, without a reload.
    const txid = phone.app.page.getByTestId(`withdrawal-txid-${id}`);
    await expect.poll(() => txid.count(), patient).toBe(1);
    expect(sent.txid?.startsWith(((await txid.textContent()) ?? '').slice(0, 6))).toBe(true);

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

  it('counts a token no market quotes at its pre-sale price in the total, and says so', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    await ops('deposit', user.account, 'USDT', '100', '--chain', 'TRC20');
    const asset = `P${randomUUID().slice(0, 5).toUpperCase()}`;
    const now = Date.now();
    const iso = (at: number) => new Date(at).toISOString();
    const project = JSON.parse(
      await ops(
        'subscription',
        'add',
        '--name',
        'Pre-sale valuation',
        '--asset',
        asset,
        '--price',
        '0.05',
        '--supply',
        '100000',
        '--cap',
        '1000',
        '--start',
        iso(now - 60_000),
        '--end',
        iso(now + 3_000),
        '--distribute',
        iso(now + 4_000),
      ),
    ) as { id: number };
    const committed = await client.post(
      '/subscription/buy',
      { project_id: String(project.id), amount: '10' },
      { token: user.token, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(committed.body.code).toBe(200);
    // 10 USDT at 0.05 buys 200 tokens, credited at distribution.
    const held = async () => {
      const answer = await client.get<{ balances: { asset: string; available: string }[] }>(
        '/wallet/balances',
        {},
        { token: user.token },
      );
      return answer.body.data.balances.find((row) => row.asset === asset)?.available ?? '0';
    };
    await expect.poll(held, patient).toBe('200');

    await phone.app.open('/pages/assets/index');
    const { page } = phone.app;
    await expect
      .poll(() => page.getByTestId(`balance-value-funding-${asset}`).textContent(), patient)
      .toContain('10.00');
    const value = (await page.getByTestId(`balance-value-funding-${asset}`).textContent()) ?? '';
    expect(value).toContain('at pre-sale price');
    // 90 USDT and 200 tokens worth 10: the total counts both.
    await expect.poll(() => page.getByTestId('asset-total').textContent(), patient).toBe('100.00');
  });

  it('converts a small balance to USDT from its preview, and the balances follow', async () => {
    const client = new ApiClient(appUrl);
    const user = await registerUser(client, dataDir);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    // About 3.5 USDT of ETH: ten whole lots of 0.0001, and half a lot that stays.
    await ops('deposit', user.account, 'ETH', '0.00105', '--chain', 'ETH');
    await phone.app.open('/pages/assets/index');
    const { page } = phone.app;
    await expect.poll(() => page.getByTestId('balance-funding-ETH').count(), patient).toBe(1);

    await page.getByTestId('small-balances-entry').click();
    const line = page.getByTestId('small-balance-ETH');
    await expect.poll(() => line.count(), patient).toBe(1);
    const shown = (await line.textContent()) ?? '';
    expect(shown).toContain('0.001');
    expect(shown).toContain('0.00005 ETH stays');
    const total = (await page.getByTestId('small-balances-total').textContent()) ?? '';
    expect(Number(total.replace(/,/g, ''))).toBeGreaterThan(1);
    await page.getByTestId('small-balances-confirm').click();

    // The sheet closes and the private channel brings the USDT, without a reload.
    await expect.poll(() => page.getByTestId('small-balances').count(), patient).toBe(0);
    const usdt = page.getByTestId('balance-funding-USDT');
    await expect.poll(() => usdt.count(), patient).toBe(1);
    // The balance is written in cents, the preview's total to the atom, and the quotes may have
    // moved a little between the preview and the sale.
    const credited = async () => Number(((await usdt.textContent()) ?? '').replace(/,/g, ''));
    const expected = Number(total.replace(/,/g, ''));
    await expect
      .poll(async () => Math.abs((await credited()) - expected) < expected / 100 + 0.01, patient)
      .toBe(true);
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  });
});
