// The perpetual's chart on a phone: it opens on the perpetual's own trades ("Last price"), draws
// them once the perpetual has traded, and its toggle switches to the index's candles and back.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();
const api = new ApiClient(appUrl);

/** A trader over the API with USDT in the contract wallet. */
async function trader() {
  const user = await registerUser(api, dataDir);
  expect(await ops('deposit', user.account, 'USDT', '5000', '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
  const send = (path: string, body: Record<string, string>) =>
    api.post<{ id: number; status: string }>(path, body, {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
    });
  const moved = await send('/wallet/transfer', {
    from: 'funding',
    to: 'contract',
    asset: 'USDT',
    amount: '5000',
  });
  expect(moved.body.code).toBe(200);
  return { user, send };
}

describe("the perpetual's chart", () => {
  it('opens on the last price, draws the trades, and switches to the index', async () => {
    const { user, send } = await trader();
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    await app.open('/pages/contract/trade?symbol=SOLUSDT');
    await app.page.getByTestId('contract-chart-toggle').click();
    const chart = app.page.getByTestId('contract-chart');
    const last = app.page.getByTestId('chart-source-last');
    const index = app.page.getByTestId('chart-source-index');
    await expect.poll(() => chart.getAttribute('data-source'), patient).toBe('last');
    expect(await last.getAttribute('aria-selected')).toBe('true');
    expect(await index.getAttribute('aria-selected')).toBe('false');
    expect(await last.textContent()).toBe('Last price');
    expect(await index.textContent()).toBe('Index');

    // Until the perpetual trades the chart says so (another test may have traded it already).
    const drawn = () => chart.locator('canvas').count();
    const empty = app.page.getByTestId('chart-empty');
    await expect.poll(async () => (await drawn()) + (await empty.count()), patient).toBe(1);
    if ((await empty.count()) === 1) {
      expect(await empty.textContent()).toBe(
        "No trades on this perpetual yet. Switch to Index to see the market's price.",
      );
    }

    // A trade on the perpetual is drawn as its candle.
    const opened = await send('/contract/open', {
      symbol: 'SOLUSDT',
      direction: 'long',
      type: 'market',
      quantity: '1',
      leverage: '10',
      margin_mode: 'cross',
    });
    expect(opened.body.code).toBe(200);
    await expect.poll(drawn, patient).toBe(1);
    expect(await empty.count()).toBe(0);

    // The toggle switches to the index's candles, and back.
    await index.click();
    await expect.poll(() => chart.getAttribute('data-source'), patient).toBe('index');
    expect(await index.getAttribute('aria-selected')).toBe('true');
    await expect.poll(drawn, patient).toBe(1);
    await last.click();
    await expect.poll(() => chart.getAttribute('data-source'), patient).toBe('last');
    await expect.poll(drawn, patient).toBe(1);
  });
});
