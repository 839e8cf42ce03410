// Perpetual contracts in a phone-sized Chromium against the real server and its liquidity
// provider: a user moves USDT to the contract wallet, reaches the trade page from the futures list,
// opens a 10× long with take-profit and stop-loss at a limit price, sees it rest in the perpetual's
// own book beside the form, and the position's liquidation price equal the order form's estimate;
// closes half, then the rest, finds the closed position in the history and draws its share card.
// Another trader (over the API) sells into the resting long, so it fills at its own price exactly,
// and the form says the order filled, how much and at what average. Before all that, a market long
// larger than the book is warned of. A second trader switches pairs from the header's sheet, finds
// the leverage marks and direction tabs whole on one line at 390 px, and sets TP/SL on a position
// in the sheet: refused beside the field before sending, the PnL at each price, words that follow
// the quantity, a server refusal that keeps what was typed; then the chart's lines and one reason
// for the close.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { beyondTheAsks, sellingThrough, shifted } from './contract-book.ts';
import { ContractTradePage } from './contract-page.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();
const api = new ApiClient(appUrl);

async function deposited(usdt: string) {
  const user = await registerUser(api, dataDir);
  expect(await ops('deposit', user.account, 'USDT', usdt, '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
  return user;
}

/** A trader over the API with USDT in the contract wallet. */
async function counterparty() {
  const user = await deposited('50000');
  const send = (path: string, body: Record<string, string>) =>
    api.post<{ id: number; status: string }>(path, body, {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
    });
  const moved = await send('/wallet/transfer', {
    from: 'funding',
    to: 'contract',
    asset: 'USDT',
    amount: '50000',
  });
  expect(moved.body.code).toBe(200);
  return { send };
}

describe('perpetual contracts', () => {
  it('opens a 10× long with TP/SL at the estimated liquidation price, closes it in two, shares it', async () => {
    const user = await deposited('1000');
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;

    // USDT goes to the contract wallet first.
    await app.open('/pages/assets/transfer');
    await app.page.getByTestId('transfer-from').selectOption('funding');
    await app.page.getByTestId('transfer-to').selectOption('contract');
    await app.page.getByTestId('transfer-amount').fill('500');
    await app.page.getByTestId('transfer-submit').click();
    // A transfer that went through clears the amount.
    await expect.poll(() => app.page.getByTestId('transfer-amount').inputValue(), patient).toBe('');

    // The futures list shows each perpetual's mark and funding; a row opens its trade page.
    await app.open('/pages/contract/index');
    await expect
      .poll(() => app.page.getByTestId('contract-mark-ETHUSDT').textContent(), patient)
      .toMatch(/\d/);
    expect(await app.page.getByTestId('contract-funding-ETHUSDT').textContent()).toMatch(/%$/);
    expect(await app.page.getByTestId('contract-countdown-ETHUSDT').textContent()).toMatch(
      /^\d\d:\d\d:\d\d$/,
    );
    await app.page.getByTestId('market-row-ETHUSDT').click();
    await app.waitForRoute('/pages/contract/trade?symbol=ETHUSDT');
    const trade = new ContractTradePage(app.page);
    await expect.poll(() => trade.available(), patient).toMatch(/^500(\.0+)?$/);
    await expect.poll(() => trade.mark(), patient).toMatch(/^\d+\.\d\d$/);

    // A limit long 0.2 % under the mark rests on the book (the provider asks above the mark, far
    // enough that a jump of the index cannot reach it first); TP 10 % above, SL 5 % below.
    await trade.setLeverage(10);
    expect(await trade.leverage()).toBe('10×');
    // A market long of more than the perpetual's asks hold: the preview warns before sending.
    await trade.orderType('market');
    await trade.field('quantity').fill(await beyondTheAsks(api));
    await expect
      .poll(() => trade.bookShort().textContent(), patient)
      .toMatch(/^The perpetual's book shows only /);
    await trade.orderType('limit');
    // The form starts the limit price from the book; the typed price goes in after that start.
    await expect.poll(() => trade.field('price').inputValue(), patient).toMatch(/\d/);
    const mark = await trade.mark();
    const price = shifted(mark, 998n);
    await trade.field('price').fill(price);
    await trade.field('quantity').fill('0.1');
    await trade.withTpSl();
    await trade.field('tp').fill(shifted(price, 1100n));
    await trade.field('sl').fill(shifted(price, 950n));
    await expect.poll(() => trade.estimate(), patient).toMatch(/^[\d,]+\.\d\d$/);
    const estimate = await trade.estimate();
    await expect.poll(() => trade.figure('contract-cost'), patient).toMatch(/^\d+\.\d{2}$/);
    await trade.submit();
    await expect.poll(() => trade.followed().getAttribute('data-status'), patient).toBe('open');
    // It rests in the perpetual's own book beside the form (the spot book never shows it).
    await expect.poll(() => trade.bookBids(), patient).toContain(Number(price));

    // Another trader sells into it, through whatever bids stand above it: every part of the long
    // fills at its own limit price.
    const other = await counterparty();
    const sold = await other.send('/contract/open', {
      symbol: 'ETHUSDT',
      direction: 'short',
      type: 'limit',
      price,
      quantity: await sellingThrough(api, price),
      leverage: '20',
      margin_mode: 'isolated',
    });
    expect(sold.body.code).toBe(200);
    // The orders channel tells the form how its order ended; the trade is in the perpetual's trades.
    await expect.poll(() => trade.followed().getAttribute('data-status'), patient).toBe('filled');
    expect(await trade.followed().textContent()).toContain('Filled');
    // It says what traded and at what average, as spot's notice does.
    await expect
      .poll(
        async () => ((await trade.followedTrade().textContent()) ?? '').replace(/,/g, ''),
        patient,
      )
      .toMatch(new RegExp(`0\\.1000\\sETH at an average ${price}\\.00$`));
    await expect.poll(() => trade.tradePrices(), patient).toContain(Number(price));

    await expect.poll(() => trade.positions().count(), patient).toBe(1);
    const id = await trade.firstPositionId();
    expect(((await trade.positionFigure('entry', id)) ?? '').replace(/,/g, '')).toBe(`${price}.00`);
    await expect.poll(() => trade.positionFigure('liq', id), patient).toBe(estimate);
    expect(await trade.positionFigure('qty', id)).toBe('0.1000');
    expect(((await trade.positionFigure('tpsl', id)) ?? '').replace(/,/g, '')).toBe(
      `${shifted(price, 1100n)}.00 / ${shifted(price, 950n)}.00`,
    );
    await other.send('/contract/cancel', { order_id: String(sold.body.data.id) });

    // Half closes at the market; the liquidation price of what stays does not move.
    await trade.close(id, 50);
    await expect.poll(() => trade.positionFigure('qty', id), patient).toBe('0.0500');
    expect(await trade.positionFigure('liq', id)).toBe(estimate);

    // The rest closes; the card says so and offers the share card.
    await trade.close(id);
    await expect.poll(() => trade.position(id).getAttribute('data-state'), patient).toBe('closed');

    // The history lists the closed position with how it closed.
    await app.page.getByTestId('contract-history-link').click();
    await app.waitForRoute('/pages/contract/history');
    const closed = app.page.getByTestId(`closed-position-${id}`);
    await expect.poll(() => closed.count(), patient).toBe(1);
    expect(await app.page.getByTestId(`closed-qty-${id}`).textContent()).toBe('0.1000');
    expect(await app.page.getByTestId(`closed-reason-${id}`).textContent()).toBe('Closed by you');
    await app.page.getByTestId('contract-history-tab-orders').click();
    await expect
      .poll(
        () => app.page.locator('[data-testid^="contract-order-"][data-status]').count(),
        patient,
      )
      .toBeGreaterThanOrEqual(3);

    // Its share card: a PNG of the PnL with the user's invite code and QR code.
    await app.page.getByTestId('contract-history-tab-positions').click();
    await app.page.getByTestId(`closed-share-${id}`).click();
    await app.waitForRoute(`/pages/contract/share?closed=${id}`);
    const image = app.page.getByTestId('share-image');
    await expect.poll(() => image.getAttribute('src'), patient).toMatch(/^blob:/);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(720);
    const invite = await api.get<{ invite_code: string }>(
      '/security/invite',
      {},
      { token: user.token },
    );
    expect(await app.page.getByTestId('share-invite-code').textContent()).toContain(
      invite.body.data.invite_code,
    );
    expect(await app.page.getByTestId('share-save').getAttribute('download')).toBe(
      'ETHUSDT-long-10x.png',
    );
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  });

  it('switches the pair, fits the leverage and direction on one line, and checks TP/SL beside each field', async () => {
    const user = await deposited('1000');
    const send = (path: string, body: Record<string, string>) =>
      api.post<{ id: number }>(path, body, {
        token: user.token,
        headers: { 'idempotency-key': randomUUID() },
      });
    expect(
      (
        await send('/wallet/transfer', {
          from: 'funding',
          to: 'contract',
          asset: 'USDT',
          amount: '500',
        })
      ).body.code,
    ).toBe(200);
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    await app.open('/pages/contract/trade?symbol=ETHUSDT');
    const trade = new ContractTradePage(app.page);
    await expect.poll(() => trade.mark(), patient).toMatch(/^\d+\.\d\d$/);

    // "Open long" and "Open short" each on one line, side by side, at 390 px.
    const long = app.page.getByTestId('contract-direction-long');
    const short = app.page.getByTestId('contract-direction-short');
    expect(await trade.oneWholeLine(long)).toBe(true);
    expect(await trade.oneWholeLine(short)).toBe(true);
    expect((await long.boundingBox())?.y).toBe((await short.boundingBox())?.y);

    // The leverage sheet marks the value in force and every mark fits whole inside the sheet.
    await app.page.getByTestId('contract-leverage').click();
    const sheet = app.page.getByTestId('leverage-sheet');
    await sheet.waitFor();
    expect(await app.page.getByTestId('leverage-mark-10').getAttribute('aria-pressed')).toBe(
      'true',
    );
    const marks = await trade.leverageMarks().all();
    expect(marks.length).toBe(8);
    for (const mark of marks) expect(await trade.oneWholeLine(mark, sheet)).toBe(true);
    await app.page.getByTestId('leverage-mark-20').click();
    expect(await app.page.getByTestId('leverage-mark-20').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await app.page.getByTestId('leverage-mark-10').getAttribute('aria-pressed')).toBe(
      'false',
    );
    await app.page.getByTestId('leverage-confirm').click();
    expect(await trade.leverage()).toBe('20×');

    // The pair opens a sheet of the perpetuals with their last price and 24 h change; one opens.
    await trade.pair().click();
    await expect
      .poll(() => trade.pairOption('BTCUSDT').textContent(), patient)
      .toMatch(/^BTC\/USDT[\d,]+\.\d+[+\-−]?\d+\.\d\d%$/);
    expect(await trade.pairOption('ETHUSDT').getAttribute('aria-current')).toBe('true');
    await trade.pairOption('BTCUSDT').click();
    await app.waitForRoute('/pages/contract/trade?symbol=BTCUSDT');
    expect(await trade.pair().textContent()).toContain('BTC/USDT');
    await trade.pair().click();
    await trade.pairOption('ETHUSDT').click();
    await app.waitForRoute('/pages/contract/trade?symbol=ETHUSDT');

    // A market long of 0.1 ETH, opened over the API.
    const opened = await send('/contract/open', {
      symbol: 'ETHUSDT',
      direction: 'long',
      type: 'market',
      quantity: '0.1',
      leverage: '20',
      margin_mode: 'isolated',
    });
    expect(opened.body.code).toBe(200);
    await expect.poll(() => trade.positions().count(), patient).toBe(1);
    const id = await trade.firstPositionId();
    await expect.poll(() => trade.positionFigure('entry', id), patient).toMatch(/\d/);
    const entry = Number(((await trade.positionFigure('entry', id)) ?? '').replace(/,/g, ''));

    // The sheet's words and its quantity agree: the whole position, then half, then all again.
    await app.page.getByTestId(`position-edit-tpsl-${id}`).click();
    const hint = app.page.getByTestId('tpsl-hint');
    expect(Number(await trade.tpslField('quantity').inputValue())).toBe(0.1);
    await expect
      .poll(() => hint.textContent(), patient)
      .toContain('the whole position (0.1000 ETH)');
    await app.page.getByTestId('tpsl-share-50').click();
    expect(Number(await trade.tpslField('quantity').inputValue())).toBe(0.05);
    await expect.poll(() => hint.textContent(), patient).toContain('0.0500 ETH of the position');
    await app.page.getByTestId('tpsl-share-100').click();
    expect(Number(await trade.tpslField('quantity').inputValue())).toBe(0.1);
    await expect
      .poll(() => hint.textContent(), patient)
      .toContain('the whole position (0.1000 ETH)');

    // A take-profit under the mark would fire at once: refused under its field before sending.
    const mark = await trade.mark();
    await trade.tpslField('tp').fill(shifted(mark, 990n));
    await app.page.getByTestId('tpsl-confirm').click();
    await expect
      .poll(() => trade.tpslProblem('tp').textContent(), patient)
      .toMatch(
        /^For a long, the take-profit must be above the entry price and the mark price \(now [\d,]+\.\d\d\)$/,
      );
    expect(await trade.positionFigure('tpsl', id)).toBe('-- / --');

    // Valid prices show the estimated PnL of the whole position at each: 0.1 × (price − entry).
    const tp = shifted(mark, 1100n);
    const sl = shifted(mark, 960n);
    await trade.tpslField('tp').fill(tp);
    await trade.tpslField('sl').fill(sl);
    await expect.poll(() => trade.tpslProblem('tp').count(), patient).toBe(0);
    const estimated = async (field: 'tp' | 'sl') =>
      Number(
        ((await app.page.getByTestId(`tpsl-${field}-pnl`).textContent()) ?? '')
          .replace(/[,\sUSDT+]/g, '')
          .replace('−', '-'),
      );
    await expect
      .poll(() => app.page.getByTestId('tpsl-tp-pnl').textContent(), patient)
      .toMatch(/^\+/);
    expect(Math.abs((await estimated('tp')) - 0.1 * (Number(tp) - entry))).toBeLessThan(0.011);
    expect(await app.page.getByTestId('tpsl-sl-pnl').textContent()).toMatch(/^[-−]/);
    expect(Math.abs((await estimated('sl')) - 0.1 * (Number(sl) - entry))).toBeLessThan(0.011);

    // The server refuses (stood in for): the sheet stays with what was typed, the error beside TP.
    const tpslCall = '**/api/contract/tpsl';
    await app.page.route(tpslCall, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          code: 1407,
          msg: 'Refused by the server',
          field: 'tp_price',
          data: null,
        }),
      }),
    );
    await app.page.getByTestId('tpsl-confirm').click();
    await expect
      .poll(() => trade.tpslProblem('tp').textContent(), patient)
      .toBe('Refused by the server');
    expect(await trade.tpslField('tp').inputValue()).toBe(tp);
    expect(await trade.tpslField('sl').inputValue()).toBe(sl);
    await app.page.unroute(tpslCall);

    // Sent again, the server takes it; the sheet closes and the card shows both prices.
    await trade.tpslField('tp').fill(tp);
    await app.page.getByTestId('tpsl-confirm').click();
    await expect
      .poll(async () => ((await trade.positionFigure('tpsl', id)) ?? '').replace(/,/g, ''), patient)
      .toBe(`${tp}.00 / ${sl}.00`);
    expect(await app.page.getByTestId('tpsl-sheet').count()).toBe(0);

    // The chart under the header draws the mark and the position's entry, liquidation and TP/SL.
    await app.page.getByTestId('contract-chart-toggle').click();
    const chart = app.page.getByTestId('contract-chart');
    await expect.poll(() => chart.locator('canvas').count(), patient).toBe(1);
    await expect
      .poll(
        async () => ((await chart.getAttribute('data-levels')) ?? '').replace(/,/g, ''),
        patient,
      )
      .toMatch(
        new RegExp(
          `^Mark price [\\d.]+\\|Entry price ${entry.toFixed(2)}\\|Liq\\. price [\\d.]+\\|TP ${tp}\\.00\\|SL ${sl}\\.00$`,
        ),
      );

    // Closed, the card names one reason.
    await trade.close(id);
    await expect
      .poll(() => app.page.getByTestId(`position-ended-${id}`).textContent(), patient)
      .toBe('Closed by you');

    // The history's card names the one reason beside the market, with the realized PnL.
    await app.page.getByTestId('contract-history-link').click();
    await app.waitForRoute('/pages/contract/history');
    const card = app.page.getByTestId(`closed-position-${id}`);
    await expect.poll(() => card.count(), patient).toBe(1);
    expect(
      await card.locator('.contract-order__head [data-testid^="closed-reason-"]').textContent(),
    ).toBe('Closed by you');
    expect(await card.locator('[data-reason]').count()).toBe(1);
    expect(await app.page.getByTestId(`closed-pnl-${id}`).textContent()).toMatch(
      /^[+\-−]?[\d,]+\.\d\d$/,
    );
  });
});
