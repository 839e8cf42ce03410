// The AI ETF section through the worker's core: one idempotency key per purchase and per early
// withdrawal, reused when one went unanswered and fresh once one was answered, each intent logged
// with its key and only its fields; the amount checked against the product's terms and the funding
// wallet; the whole schedule an amount buys, worked out from now by the published rule; an order's
// row with its schedule and the exact amount an early withdrawal returns; and the pages' views.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import type { AiProduct } from '../../schemas/api/ai.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { orderRow } from '../../workers/ai/rows.ts';
import { orderView, productView } from '../../workers/ai/views.ts';
import { formatTimestamp } from '../../workers/kernel/time-format.ts';
import { boughtAt, order, paged, product } from './ai-fixtures.ts';
import { bodyOf, ok, recordingCore, usdtBalance } from './recording-core.ts';

let products: AiProduct[];

function answer(path: string): unknown {
  if (path === '/ai/products') return ok({ list: products });
  if (path === '/ai/orders') return ok(paged([order(2, 3), order(1, 3, { product_id: 2 })]));
  if (path === '/ai/withdraw') {
    return ok(order(2, 3, { status: 'withdrawn', withdrawn: '998.97260275' }));
  }
  if (path === '/wallet/balances') return usdtBalance('funding', '5000');
  return ok(order(3));
}

const worker = recordingCore(answer);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(boughtAt);
  products = [product(1), product(2, { remaining: '500' })];
});
afterEach(() => vi.useRealTimers());

describe('purchases and withdrawals through the worker', () => {
  it('reuses the key of an unanswered purchase for its retry, and sends only its fields', async () => {
    worker.next = () => 'offline';
    expect(await worker.core.buyAi(1, '1000.00')).toMatchObject({ ok: false });
    worker.next = answer;
    expect(await worker.core.buyAi(1, '1000')).toMatchObject({ ok: true, data: { id: 3 } });
    const [first, second] = worker.sentTo('/ai/buy');
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(bodyOf(second)).toEqual({ product_id: '1', amount: '1000' });
  });

  it('takes a fresh key once a purchase was answered, and logs each intent with it', async () => {
    await worker.core.buyAi(1, '1000');
    worker.next = () => ({ code: errorCodes.ai_quota_exceeded, msg: 'Only 500 left', data: null });
    expect(await worker.core.buyAi(1, '1000')).toMatchObject({
      ok: false,
      failure: { kind: 'business' },
    });
    expect(new Set(worker.sentTo('/ai/buy').map((request) => request.key)).size).toBe(2);
    const events = fromNdjson(await worker.core.capture());
    expect(events.filter((e) => e.type === 'ai-buy').map((e) => e.payload)).toEqual(
      worker
        .sentTo('/ai/buy')
        .map((request) => ({ product_id: 1, amount: '1000', key: request.key })),
    );
    expect(events.filter((e) => e.type === 'ai-bought')).toHaveLength(1);
  });

  it('withdraws with one key per order until answered, and shows what it returned', async () => {
    worker.next = () => 'offline';
    await worker.core.withdrawAi(2);
    worker.next = answer;
    const withdrawn = await worker.core.withdrawAi(2);
    expect(withdrawn).toMatchObject({
      ok: true,
      data: { id: 2, status: 'withdrawn', withdrawn: '998.97260275' },
    });
    const [first, second] = worker.sentTo('/ai/withdraw');
    expect(second?.key).toBe(first?.key);
    expect(bodyOf(second)).toEqual({ order_id: '2' });
    const events = fromNdjson(await worker.core.capture());
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ai-withdraw', 'ai-withdrawn']),
    );
  });
});

describe('the amount before it is bought', () => {
  beforeEach(() => worker.core.refreshAi());

  it('is refused outside the product’s terms or above the wallet', async () => {
    expect((await worker.core.reviewAi(1, '99.99')).problem).toEqual({
      rule: 'belowMinimum',
      params: { amount: '100.00 USDT' },
    });
    expect((await worker.core.reviewAi(1, '10000.01')).problem).toEqual({
      rule: 'aboveMaximum',
      params: { amount: '10,000.00 USDT' },
    });
    expect((await worker.core.reviewAi(2, '600')).problem).toEqual({
      rule: 'aboveQuota',
      params: { amount: '500.00 USDT' },
    });
    expect((await worker.core.reviewAi(1, '5000.01')).problem?.rule).toBe('insufficient');
    expect((await worker.core.reviewAi(1, 'abc')).problem?.rule).toBe('invalid');
  });

  it('shows the whole schedule bought now: from the next midnight, a day at a time', async () => {
    const review = await worker.core.reviewAi(1, '1000');
    expect(review.problem).toBeNull();
    // 1,000 × 12.5 % ÷ 365, rounded down to the atom, each of the 30 days.
    expect(review.daily).toBe('0.34246575');
    expect(review.schedule).toHaveLength(30);
    expect(review.schedule?.[0]).toEqual({
      day: 1,
      date: '01/03/2025',
      amount: '0.34246575',
      paid: false,
      forgone: false,
    });
    expect(review.amount).toBe('1,000.00');
    expect(review.schedule?.at(-1)).toMatchObject({ day: 30, date: '02/01/2025' });
    expect(review.rewards).toBe('10.2739725');
    expect(review.total).toBe('1,010.2739725');
    expect(review.maturesAt).toBe(formatTimestamp('2025-02-01T00:00:00.000Z', 'en', 'dated'));
  });
});

describe('the pages’ views', () => {
  it('shows a product’s terms, the wallet and the user’s active orders of it', async () => {
    await worker.core.refreshAi();
    const view = productView(await worker.signedInView(), 1, 'en');
    expect(view.product).toMatchObject({
      id: 1,
      days: 30,
      apr: '12.5%',
      min: { exact: '100', shown: '100.00' },
      remaining: { exact: '20000', shown: '20,000.00' },
      soldWidth: 60,
      sold: '60.00%',
      open: true,
      dailyPerMin: '0.03424657',
    });
    expect(view.available).toEqual({ exact: '5000', shown: '5,000.00' });
    expect(view.orders.map((row) => row.id)).toEqual([2]);
    expect(productView(await worker.signedInView(), 9, 'en')).toMatchObject({
      product: null,
      missing: true,
    });
  });

  it('shows an order with its schedule and the exact amount an early withdrawal returns', async () => {
    await worker.core.refreshAi();
    const { order: row, missing } = orderView(await worker.signedInView(), 2, 'en');
    expect(missing).toBe(false);
    // Three days paid: 1,000 less 3 × 0.34246575.
    expect(row).toMatchObject({
      principal: '1,000.00',
      paid: '1.02739725',
      paidDays: 3,
      rewards: '10.2739725',
      nextPayment: { date: '01/06/2025', amount: '0.34246575' },
      status: 'active',
      withdrawn: null,
      earlyReturn: { exact: '998.97260275', shown: '998.97260275' },
    });
    expect(row?.schedule.slice(2, 4)).toEqual([
      { day: 3, date: '01/05/2025', amount: '0.34246575', paid: true, forgone: false },
      { day: 4, date: '01/06/2025', amount: '0.34246575', paid: false, forgone: false },
    ]);
    // Withdrawn after those three days: the rest of its schedule is never to be paid.
    const withdrawn = orderRow(
      order(2, 3, { status: 'withdrawn', withdrawn: '998.97260275', next_payment: null }),
      'en',
    );
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawn: '998.97260275' });
    expect(withdrawn.schedule.slice(2, 4).map((day) => [day.paid, day.forgone])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(orderView(await worker.signedInView(), 7, 'en')).toEqual({
      loggedIn: true,
      order: null,
      missing: true,
    });
  });
});
