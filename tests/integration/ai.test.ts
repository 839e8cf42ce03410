// An AI product on a manual clock, from its set-up to maturity: a purchase is refused outside its
// limits, beyond its quota and beyond what its reserve can promise, and changes nothing then; the
// schedule answered at purchase is the published function's; each day's reward arrives after the
// day ends, days missed are paid once together, the principal returns at maturity; an early
// withdrawal returns the principal less the rewards paid; a second withdrawal is refused. An order
// that matures is pushed to its owner on `ai-order-updates` and recorded as their notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrualSchedule } from '../../core/ai/schedule.ts';
import { displayAmount } from '../../core/money.ts';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectError, ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { callOperator } from '../support/operator-api.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { SocketClient } from '../support/socket-client.ts';

const dayMs = 86_400_000;
// 10:00 UTC: the first accrual day starts at the next midnight.
const clock = new ManualClock(Date.parse('2026-05-04T10:00:00Z'));
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(clock, {
    LIQUIDITY_PROVIDER: 'false',
    CONTRACT_TRADING: 'false',
    OPTION_TRADING: 'false',
  });
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await server?.stop();
});

const buy = (trader: SeededTrader, productId: number, amount: string, key = crypto.randomUUID()) =>
  client().post<AiOrder>(
    '/ai/buy',
    { product_id: String(productId), amount },
    { token: trader.token, headers: { 'idempotency-key': key } },
  );

const withdraw = (trader: SeededTrader, orderId: number) =>
  client().post<AiOrder>(
    '/ai/withdraw',
    { order_id: String(orderId) },
    { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );

async function usdt(trader: SeededTrader): Promise<string | undefined> {
  const { balances } = ok(
    await client().get<{ balances: { wallet: string; asset: string; available: string }[] }>(
      '/wallet/balances',
      {},
      { token: trader.token },
    ),
  );
  return balances.find((row) => row.wallet === 'funding' && row.asset === 'USDT')?.available;
}

const orderOf = async (trader: SeededTrader, id: number) => {
  const pages = await Promise.all(
    ['active', 'finished'].map((status) =>
      client().get<{ list: AiOrder[] }>('/ai/orders', { status }, { token: trader.token }),
    ),
  );
  return pages.flatMap((page) => ok(page).list).find((order) => order.id === id);
};

describe('an AI product', () => {
  it('pays its schedule to the atom, returns the principal, and ends early on request', async () => {
    const added = await callOperator<{ id: number }>(server, 'ai-add', {
      name: 'Fixed 3 days',
      days: '3',
      apr: '36.5',
      min: '10',
      max: '5000',
      quota: '6000',
    });
    const id = added.body.data.id;
    const [buyer, early] = await seedTraders(
      server.db,
      2,
      10_000n * 100_000_000n,
      'funding',
      clock,
    );
    if (!buyer || !early) throw new Error('no traders');
    // No reserve yet: nothing can be promised, so nothing is sold.
    expectError(await buy(buyer, id, '100'), 'ai_product_closed');
    // 36.5 % a year is 0.1 % a day: 1,000 USDT earns 1 a day, 3 over the term.
    expect((await callOperator(server, 'ai-fund', { id: String(id), amount: '6' })).status).toBe(
      200,
    );

    expectError(await buy(buyer, id, '5'), 'amount_below_minimum');
    expectError(await buy(buyer, id, '5001'), 'amount_above_maximum');
    expectError(await buy(buyer, id, '10.123456789'), 'amount_invalid');
    expectError(await buy(buyer, 999_999, '100'), 'ai_product_not_found');
    const order = ok(await buy(buyer, id, '1000'));
    expect(order.schedule.map((day) => [day.date, day.amount])).toEqual(
      accrualSchedule(100_000_000_000n, 365_000, 3, clock.now().getTime()).map((day) => [
        new Date(day.date).toISOString(),
        displayAmount(day.amount),
      ]),
    );
    expect(order).toMatchObject({
      status: 'active',
      paid: '0',
      matures_at: '2026-05-08T00:00:00.000Z',
    });
    expect(await usdt(buyer)).toBe('9000');
    // The reserve holds 6: 3 promised to this order, 3 left for one more such order, not two.
    const second = ok(await buy(early, id, '1000'));
    expectError(await buy(early, id, '1000'), 'ai_product_closed');
    expectError(await buy(early, id, '3000'), 'ai_product_closed');

    // The first day ends at 2026-05-06T00:00: paid once it has.
    clock.advance(dayMs + 14 * 3_600_000 + 1000);
    await until(
      () => orderOf(buyer, order.id),
      (found) => found?.paid === '1',
      60_000,
    );
    expect(await usdt(buyer)).toBe('9001');
    expect(ok(await withdraw(early, second.id))).toMatchObject({
      status: 'withdrawn',
      withdrawn: '999',
      paid: '1',
    });
    // 1 paid, 999 returned: the principal whole, no more.
    expect(await usdt(early)).toBe('10000');
    expectError(await withdraw(early, second.id), 'ai_order_finished');
    expectError(await withdraw(early, order.id), 'ai_order_not_found');

    const socket = await SocketClient.connect(server.url);
    socket.send({ op: 'auth', token: buyer.token });
    socket.subscribe(['ai-order-updates']);
    // Two days more at once, as after a stop: both paid, once, and the principal back.
    clock.advance(2 * dayMs);
    const done = await until(
      () => orderOf(buyer, order.id),
      (found) => found?.status === 'finished',
      60_000,
    );
    expect(done?.schedule.every((day) => day.paid)).toBe(true);
    expect(done?.paid).toBe('3');
    expect(await usdt(buyer)).toBe('10003');
    expectError(await withdraw(buyer, order.id), 'ai_order_finished');
    expect(await auditLedger(server.db)).toEqual([]);

    // The owner is told at once, and it stays in their notifications; the early one is not told.
    await socket.until(
      () => socket.on('ai-order-updates').length > 0,
      'the matured order on its channel',
    );
    expect(socket.on('ai-order-updates').at(-1)?.data).toEqual([done]);
    const notified = async (trader: SeededTrader) =>
      ok(
        await client().get<{ list: { kind: string; params: object }[] }>(
          '/notifications/list',
          {},
          { token: trader.token },
        ),
      ).list;
    await expect
      .poll(() => notified(buyer), { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({
          kind: 'ai_matured',
          params: { id: order.id, asset: 'USDT', amount: '1000', earned: '3' },
        }),
      ]);
    expect(await notified(early)).toEqual([]);
  });

  it('is refused at set-up when its rewards could outgrow the principal before maturity', async () => {
    const terms = { name: 'Too generous', min: '10', max: '100', quota: '1000' };
    // 1000 % a year for ten years: an early withdrawal would owe the user less than nothing.
    const refused = await callOperator(server, 'ai-add', { ...terms, days: '3650', apr: '1000' });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toMatch(/more in rewards than the principal/);
    // 100 % a year for 366 days pays at most 365 days' rewards before maturity: the principal.
    const allowed = await callOperator(server, 'ai-add', { ...terms, days: '366', apr: '100' });
    expect(allowed.body.ok).toBe(true);
    expect(
      (await callOperator(server, 'ai-add', { ...terms, days: '367', apr: '100' })).body.ok,
    ).toBe(false);
  });
});
