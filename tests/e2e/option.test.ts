// The second contract in a phone-sized Chromium against the real server: a user moves USDT to the
// second-contract account, reads the durations and their payout rates on the market list, opens
// BTC/USDT, finds up and down in sight without scrolling, chooses one minute and a quarter of the
// balance as the stake, reads what a win pays and the break-even hit rate (two decimals), taps down
// and cancels the confirmation (nothing is placed), then places an up contract through its
// confirmation. It shows among the open contracts with its
// countdown and its opening second; once that second's index print is recorded the contract is
// open on it, the chart draws it, and its verification shows the same print and says it is not
// settled yet. A minute later it settles: the history shows it with both prints and what it paid,
// and its verification agrees with the record, rechecked on the device by the same rule. A down
// contract of the same minute placed beside it loses if the up one wins (and the other way round),
// and "lost today" shows that stake whole once it settles, without a reload.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { readPrints } from '../../core/option/prints.ts';
import { printAt } from '../../core/option/settlement.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { OptionTradePage } from './option-page.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp({ timezoneId: 'UTC' });
const api = new ApiClient(appUrl);

/** A time as the app writes a contract's: `MM/DD, HH:MM:SS` in English, here in UTC. */
const shownTime = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(Date.parse(iso));

describe('the second contract', () => {
  it('places a one-minute up contract that opens and settles on recorded prints', async () => {
    const user = await registerUser(api, dataDir);
    expect(await ops('deposit', user.account, 'USDT', '1000', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;

    // USDT goes to the second-contract account first.
    await app.open('/pages/assets/transfer');
    await app.page.getByTestId('transfer-from').selectOption('funding');
    await app.page.getByTestId('transfer-to').selectOption('option');
    await app.page.getByTestId('transfer-amount').fill('100');
    await app.page.getByTestId('transfer-submit').click();
    await expect.poll(() => app.page.getByTestId('transfer-amount').inputValue(), patient).toBe('');

    // The list shows the durations with their published rates, and each market's price.
    await app.open('/pages/option/index');
    await expect
      .poll(() => app.page.getByTestId('option-rate-minute-1').textContent(), patient)
      .toMatch(/^1 min\s*80%$/);
    await expect
      .poll(() => app.page.getByTestId('market-last-BTCUSDT').textContent(), patient)
      .toMatch(/\d/);
    await app.page.getByTestId('market-row-BTCUSDT').click();
    await app.waitForRoute('/pages/option/trade?symbol=BTCUSDT');
    const trade = new OptionTradePage(app.page);
    expect(await app.page.getByTestId('option-rules').textContent()).toContain(
      'Equal prices refund the stake.',
    );

    // Up and down are in sight at 390 × 844 without scrolling, and nothing covers them.
    await expect.poll(() => trade.figure('option-available'), patient).toBe('100.00');
    for (const direction of ['up', 'down'] as const) {
      const place = await trade.inSight(`option-place-${direction}`);
      expect(place.top).toBeGreaterThanOrEqual(0);
      expect(place.bottom).toBeLessThanOrEqual(844);
      expect(place.onTop).toBe(true);
    }

    // A quarter of the 100 USDT at one minute: a win pays 25 × 1.8; at an even chance the stake
    // loses 2.50; 1 ÷ 1.8 of contracts must win to break even.
    await expect.poll(() => trade.figure('option-available'), patient).toBe('100.00');
    await trade.duration('minute', 1);
    await trade.share(25);
    expect(await trade.stake().inputValue()).toBe('25');
    await expect.poll(() => trade.figure('option-payout'), patient).toBe('45.00');
    expect(await trade.figure('option-rate')).toBe('80%');
    expect(await trade.figure('option-expected')).toBe('-2.50');
    expect(await trade.figure('option-break-even')).toBe('55.56%');

    // Down asks to confirm the contract first; cancelled, nothing is placed.
    await trade.place('down');
    await trade.confirmation().waitFor();
    expect(await app.page.getByTestId('option-confirm-direction').textContent()).toContain('Down');
    expect(await trade.figure('option-confirm-stake')).toBe('25.00');
    expect(await trade.figure('option-confirm-payout')).toBe('45.00');
    await trade.cancel();
    await trade.confirmation().waitFor({ state: 'detached' });
    expect(await trade.followed().count()).toBe(0);
    expect(await trade.figure('option-available')).toBe('100.00');

    await trade.place('up');
    expect(await app.page.getByTestId('option-confirm-direction').textContent()).toContain('Up');
    await trade.confirm();
    await expect.poll(() => trade.followed().getAttribute('data-id'), patient).toMatch(/^\d+$/);
    const id = (await trade.followed().getAttribute('data-id')) ?? '';
    const listed = await api.get<{ list: OptionContract[] }>(
      '/option/orders',
      { status: 'current', page: '1', size: '20' },
      { token: user.token },
    );
    const placed = listed.body.data.list.find((contract) => String(contract.id) === id);
    if (!placed) throw new Error(`contract ${id} is not among the open ones`);
    expect(placed).toMatchObject({ direction: 'up', unit: 'minute', length: 1, stake: '25' });

    // Among the open contracts: its countdown of the minute and the second it opens on.
    const row = trade.contract(id);
    await expect.poll(() => row.count(), patient).toBe(1);
    expect(await app.page.getByTestId(`option-countdown-${id}`).textContent()).toMatch(
      /^00:0[01]:\d\d$/,
    );
    expect(await app.page.getByTestId(`option-open-time-${id}`).textContent()).toBe(
      shownTime(placed.open_time),
    );
    expect(await app.page.getByTestId(`option-expiry-${id}`).textContent()).toBe(
      shownTime(placed.expiry_time),
    );
    expect(await trade.figure(`option-stake-${id}`)).toBe('25.00');
    // The wallet gave the stake.
    await expect.poll(() => trade.figure('option-available'), patient).toBe('75.00');

    // Once its opening second's print is recorded, the contract is open on it: the rule's print.
    await expect.poll(() => row.getAttribute('data-state'), patient).toBe('open');
    const openTime = Date.parse(placed.open_time);
    const recorded = await api.get<{ prints: IndexPrintRow[] }>('/market/prints', {
      symbol: 'BTCUSDT',
      from: String(openTime),
      to: String(openTime + 5000),
    });
    const opening = printAt(readPrints(recorded.body.data.prints), openTime);
    if (!opening) throw new Error('no opening print was recorded');
    expect(Number(await trade.figure(`option-opening-${id}`))).toBe(Number(opening.row.price));
    await expect.poll(() => trade.chart().getAttribute('data-levels'), patient).toBe('1');
    // A down contract of 10 beside it: whichever way the price goes, one of the two loses.
    const down = await api.post<OptionContract>(
      '/option/order',
      { symbol: 'BTCUSDT', direction: 'down', unit: 'minute', length: '1', amount: '10' },
      { token: user.token, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(down.body.code).toBe(200);
    const downId = down.body.data.id;
    // Nothing is lost while both are open.
    await expect.poll(() => trade.figure('option-lost-today'), patient).toBe('0.00');

    // Its verification shows the same opening print and says the outcome waits for the expiry.
    await trade.verify(id);
    await expect.poll(() => trade.verdict().getAttribute('data-matches'), patient).toBe('null');
    expect(Number(await trade.figure('option-opening-window-price'))).toBe(
      Number(opening.row.price),
    );
    expect(await trade.verdict().textContent()).toContain('Not settled yet');
    expect(await app.page.getByTestId('option-hit-rate').textContent()).toBe(
      'No contract won or lost yet',
    );
    await app.page.keyboard.press('Escape');

    // At expiry it settles on the print of its expiry second, whatever the simulated feed did.
    await expect
      .poll(
        async () =>
          (
            await api.get<{ list: OptionContract[] }>(
              '/option/orders',
              { status: 'history', page: '1', size: '20' },
              { token: user.token },
            )
          ).body.data.list.find((contract) => String(contract.id) === id)?.status,
        { timeout: 150_000, interval: 1000 },
      )
      .toBe('settled');
    const history = await api.get<{ list: OptionContract[] }>(
      '/option/orders',
      { status: 'history', page: '1', size: '20' },
      { token: user.token },
    );
    const done = history.body.data.list.find((contract) => String(contract.id) === id);
    if (!done?.outcome || !done.settle_price) throw new Error(`contract ${id} did not settle`);
    await app.page.getByTestId('option-tab-history').click();
    const states = { win: 'won', lose: 'lost', refund: 'refunded', void: 'void' } as const;
    await expect.poll(() => row.getAttribute('data-state'), patient).toBe(states[done.outcome]);
    expect(Number(await trade.figure(`option-opening-${id}`))).toBe(Number(done.open_price));
    expect(Number(await trade.figure(`option-settlement-${id}`))).toBe(Number(done.settle_price));
    expect(Number(await trade.figure(`option-paid-${id}`))).toBe(Number(done.payout));
    await trade.verify(id);
    await expect.poll(() => trade.verdict().getAttribute('data-matches'), patient).toBe('true');
    expect(await app.page.getByTestId('option-recheck').getAttribute('data-agrees')).toBe('true');

    // Lost today: the stake of whichever contract lost, counted whole, shown without a reload.
    await expect
      .poll(
        async () =>
          (
            await api.get<{ list: OptionContract[] }>(
              '/option/orders',
              { status: 'history', page: '1', size: '20' },
              { token: user.token },
            )
          ).body.data.list.find((contract) => contract.id === downId)?.outcome ?? null,
        { timeout: 150_000, interval: 1000 },
      )
      .not.toBeNull();
    const outcomes = (
      await api.get<{ list: OptionContract[] }>(
        '/option/orders',
        { status: 'history', page: '1', size: '20' },
        { token: user.token },
      )
    ).body.data.list.filter((contract) => String(contract.id) === id || contract.id === downId);
    const lost = outcomes
      .filter((contract) => contract.outcome === 'lose')
      .reduce((sum, contract) => sum + Number(contract.stake), 0);
    await expect.poll(() => trade.figure('option-lost-today'), patient).toBe(lost.toFixed(2));
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  }, 300_000);
});
