// The AI ETF section in a phone-sized Chromium against the real server: an operator puts a 30-day
// product at 12.5 % on sale and funds its reserve. The user reads what the section is, finds the
// product with its terms, types 500 USDT and reads the whole schedule before buying (30 daily
// rewards of 500 × 12.5 % ÷ 365 from the next midnight, UTC); taps Buy and reads the purchase again
// on its confirmation (cancelled once: nothing is bought), confirms, finds the field cleared and the
// order with the same schedule the server fixed, and the quota sold with two decimals; then
// withdraws it early: the page shows the exact amount the published rule returns (the principal
// less the rewards paid), asks to confirm it, and the server returns exactly that to the funding
// account. The order then shows as withdrawn, with what was returned and its unpaid days forgone,
// there and among the finished orders.
import { describe, expect, inject, it } from 'vitest';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { AiPages } from './ai-page.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp({ timezoneId: 'UTC' });
const api = new ApiClient(appUrl);

/** A reward's date as the app writes it: `MM/DD/YYYY` in English, in UTC. */
const shownDate = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(Date.parse(iso));

interface Balances {
  balances: { wallet: string; asset: string; available: string }[];
}

const fundingUsdt = async (token: string) =>
  (await api.get<Balances>('/wallet/balances', {}, { token })).body.data.balances.find(
    (row) => row.wallet === 'funding' && row.asset === 'USDT',
  )?.available;

describe('the AI ETF section', () => {
  it('buys a product, sees its schedule, and withdraws it early for the exact amount shown', async () => {
    const user = await registerUser(api, dataDir);
    expect(await ops('deposit', user.account, 'USDT', '1000', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    const added = await ops(
      'ai',
      'add',
      '--name',
      'Fixed 30 e2e',
      '--days',
      '30',
      '--apr',
      '12.5',
      '--min',
      '100',
      '--max',
      '1000',
      '--quota',
      '100000',
      '--asset',
      'USDT',
    );
    const id = (JSON.parse(added) as { id: number }).id;
    await ops('ai', 'fund', String(id), '5000');

    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    const pages = new AiPages(app.page);

    // The section says what it is; the product shows its term and fixed rate.
    await app.open('/pages/ai/index');
    expect(await app.page.getByTestId('ai-about').textContent()).toContain(
      'not a claim about returns',
    );
    await expect.poll(() => pages.figure(`ai-apr-${id}`), patient).toBe('12.5%');
    expect(await pages.figure(`ai-days-${id}`)).toBe('30 days');
    await pages.open(id);
    await app.waitForRoute(`/pages/ai/product?id=${id}`);

    // Before buying: the whole schedule of 500 USDT, 0.17123287 a day for 30 days.
    await expect.poll(() => pages.figure('ai-available'), patient).toBe('1000.00');
    await pages.amount().fill('500');
    await expect.poll(() => pages.figure('ai-daily'), patient).toBe('0.17123287');
    expect(await pages.figure('ai-rewards')).toBe('5.1369861');
    expect(await pages.figure('ai-total')).toBe('505.1369861');
    const preview = await pages.schedule('ai-schedule-preview');
    expect(preview).toHaveLength(30);
    expect(preview.every((row) => row[2] === '0.17123287' && row[3] === 'due')).toBe(true);

    // Buy asks to confirm what was shown; cancelled, nothing is bought.
    await pages.buy();
    await pages.confirmation().waitFor();
    expect(await pages.figure('ai-confirm-amount')).toBe('500.00');
    expect(await pages.figure('ai-confirm-total')).toBe('505.1369861');
    await pages.cancel();
    await pages.confirmation().waitFor({ state: 'detached' });
    expect(await pages.followed().count()).toBe(0);
    expect(await pages.figure('ai-available')).toBe('1000.00');

    await pages.buy();
    await pages.confirm();
    await expect.poll(() => pages.followed().getAttribute('data-id'), patient).toMatch(/^\d+$/);
    // The field clears once bought.
    expect(await pages.amount().inputValue()).toBe('');
    const orderId = Number(await pages.followed().getAttribute('data-id'));
    const listed = await api.get<{ list: AiOrder[] }>(
      '/ai/orders',
      { status: 'active', page: '1', size: '20' },
      { token: user.token },
    );
    const order = listed.body.data.list.find((item) => item.id === orderId);
    if (!order) throw new Error(`order ${orderId} is not among the active ones`);
    expect(order).toMatchObject({ product_id: id, principal: '500', days: 30, paid: '0' });

    // The order shows the schedule the server fixed: the one previewed, date by date.
    const fixed = order.schedule.map((accrual, i) => [
      String(i + 1),
      shownDate(accrual.date),
      '0.17123287',
      'due',
    ]);
    await expect.poll(() => pages.schedule(`ai-schedule-${orderId}`), patient).toEqual(fixed);
    expect(preview).toEqual(fixed);
    await expect.poll(() => pages.figure('ai-available'), patient).toBe('500.00');
    // 500 of the 100,000 quota: 0.50 % sold, with two decimals.
    await expect.poll(() => pages.figure(`ai-sold-${id}`), patient).toBe('0.50%');

    // Early withdrawal: the principal less the rewards paid (none yet), confirmed, returned.
    await pages.withdraw(orderId);
    await app.waitForRoute(`/pages/ai/withdraw?id=${orderId}`);
    await expect.poll(() => pages.figure('ai-withdraw-amount'), patient).toBe('500.00');
    expect(await app.page.getByTestId('ai-withdraw-rule').textContent()).toContain(
      '500.00 − 0.00 = 500.00 USDT',
    );
    await app.page.getByTestId('ai-withdraw-start').click();
    expect(await pages.figure('ai-withdraw-confirm-amount')).toBe('500.00');
    await app.page.getByTestId('ai-withdraw-confirm').click();
    await expect
      .poll(() => app.page.getByTestId('ai-withdraw-follow').textContent(), patient)
      .toContain('Withdrawn: 500.00 USDT returned to your funding account.');

    const finished = await api.get<{ list: AiOrder[] }>(
      '/ai/orders',
      { status: 'finished', page: '1', size: '20' },
      { token: user.token },
    );
    expect(finished.body.data.list.find((item) => item.id === orderId)).toMatchObject({
      status: 'withdrawn',
      withdrawn: '500',
    });
    expect(await fundingUsdt(user.token)).toBe('1000');

    // The order shows as withdrawn, with what it returned; its unpaid days will never be paid.
    const card = app.page.getByTestId(`ai-order-${orderId}`);
    await expect.poll(() => card.getAttribute('data-status'), patient).toBe('withdrawn');
    expect(await app.page.getByTestId(`ai-withdrawn-note-${orderId}`).textContent()).toContain(
      'Withdrawn: 500.00 USDT returned to your funding account.',
    );
    expect(await app.page.getByTestId(`ai-matures-${orderId}`).count()).toBe(0);
    const forgone = await pages.schedule(`ai-schedule-${orderId}`);
    expect(forgone.every((row) => row[3] === 'not paid (withdrawn)')).toBe(true);
    // And so among the finished orders.
    await app.open('/pages/ai/index');
    await app.page.getByTestId('ai-tab-finished').click();
    await expect.poll(() => card.getAttribute('data-status'), patient).toBe('withdrawn');
    expect(await card.locator('.status-pill').textContent()).toBe('Withdrawn early');
    expect(await pages.figure(`ai-withdrawn-${orderId}`)).toBe('500.00');
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  }, 300_000);
});
