// An AI product's movements in the buyer's records, over real HTTP on a manual clock: a purchase,
// a day's reward, an early withdrawal's return and, at maturity, the last reward with the
// principal; each one entry of type `ai` in the funding wallet, signed as the balance moved.
import { describe, expect, it } from 'vitest';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import { until } from '../support/contract-crash.ts';
import { ok } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { callOperator } from '../support/operator-api.ts';
import { allRecords, said } from '../support/records.ts';
import { setUpRecordsServer } from '../support/records-server.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const dayMs = 86_400_000;
const clock = new ManualClock(Date.parse('2026-05-04T10:00:00Z'));
const { server, client, send, read, expectLedgerBalanced } = setUpRecordsServer(clock, {
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
});

const call = (trader: SeededTrader, path: string, body: Record<string, string>) =>
  send<AiOrder>(trader.token, path, body);

const orderOf = async (trader: SeededTrader, id: number) => {
  const pages = await Promise.all(
    ['active', 'finished'].map((status) =>
      read<{ list: AiOrder[] }>(trader.token, '/ai/orders', { status }),
    ),
  );
  return pages.flatMap((page) => page.list).find((order) => order.id === id);
};

describe('AI products in the records', () => {
  it('show a purchase, each reward, an early return and the principal back', async () => {
    const added = await callOperator<{ id: number }>(server(), 'ai-add', {
      name: 'Records 2 days',
      days: '2',
      apr: '36.5',
      min: '10',
      max: '5000',
      quota: '6000',
    });
    const id = String(added.body.data.id);
    expect((await callOperator(server(), 'ai-fund', { id, amount: '10' })).status).toBe(200);
    const [buyer, early] = await seedTraders(
      server().db,
      2,
      5_000n * 100_000_000n,
      'funding',
      clock,
    );
    if (!buyer || !early) throw new Error('no traders');

    const order = ok(await call(buyer, '/ai/buy', { product_id: id, amount: '1000' }));
    const second = ok(await call(early, '/ai/buy', { product_id: id, amount: '1000' }));
    // 0.1 % a day: the first day pays 1 once it has ended.
    clock.advance(dayMs + 14 * 3_600_000 + 1000);
    await until(
      () => orderOf(buyer, order.id),
      (found) => found?.paid === '1',
      60_000,
    );
    ok(await call(early, '/ai/withdraw', { order_id: String(second.id) }));
    clock.advance(dayMs);
    await until(
      () => orderOf(buyer, order.id),
      (found) => found?.status === 'finished',
      60_000,
    );

    const buyerRecords = await allRecords(client(), buyer.token, 'ai');
    expect(buyerRecords.map(said)).toEqual([
      // The last day's reward and the principal, in one movement at maturity.
      'ai ai_reward funding USDT 1001',
      'ai ai_reward funding USDT 1',
      'ai ai_purchase funding USDT -1000',
    ]);
    expect(buyerRecords.at(-1)?.link).toEqual({ to: 'ai_order', id: String(order.id) });
    const earlyRecords = await allRecords(client(), early.token, 'ai');
    expect(earlyRecords.map(said)).toEqual([
      // 1 paid as a reward comes off the principal returned early.
      'ai ai_return funding USDT 999',
      'ai ai_reward funding USDT 1',
      'ai ai_purchase funding USDT -1000',
    ]);
    // The filter holds: the seed deposit is a record of its own type, not among these.
    const all = await allRecords(client(), buyer.token);
    expect(all.map((entry) => entry.type)).toEqual(['ai', 'ai', 'ai', 'deposit']);
    await expectLedgerBalanced();
  });
});
