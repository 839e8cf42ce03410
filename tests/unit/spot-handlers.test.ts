// Spot calls through the worker's core: one idempotency key per order intent, reused when an order
// went unanswered and fresh once one was answered; every intent is logged with its key; the
// form is reviewed against the rules, current price and balance the worker has folded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import { emptySpotForm } from '../../core/spot/order-form.ts';
import { errorCodes } from '../../schemas/errors.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

interface Sent {
  path: string;
  key: string | undefined;
  body: string;
}

let worker: WorkerHarness;
let core: WorkerCore;
let sent: Sent[];
let next: (path: string) => unknown;

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
const rules = {
  symbol: 'ETHUSDT',
  base: 'ETH',
  quote: 'USDT',
  price_scale: 2,
  quantity_scale: 4,
  tick_size: '0.01',
  lot_size: '0.0001',
  min_notional: '5',
  max_price: '340000.00',
  max_quantity: '26491.7625',
  maker_fee: '0.001',
  taker_fee: '0.001',
  price_band: {
    bid_multiplier_up: '5',
    bid_multiplier_down: '0.2',
    ask_multiplier_up: '5',
    ask_multiplier_down: '0.2',
  },
};
const order = {
  id: 11,
  symbol: 'ETHUSDT',
  side: 'buy',
  type: 'limit',
  price: '3000',
  quantity: '0.5',
  turnover: null,
  filled_quantity: '0',
  filled_quote: '0',
  avg_price: null,
  fee: '0',
  fee_asset: 'ETH',
  status: 'open',
  cancel_reason: null,
  created_at: '2025-01-02T03:04:05.000Z',
  updated_at: '2025-01-02T03:04:05.000Z',
};

function answer(path: string): unknown {
  if (path === '/spot/markets') return ok({ list: [rules] });
  if (path === '/spot/orders') return ok({ list: [], total: 0, page: 1, size: 100 });
  if (path === '/wallet/balances') {
    return ok({
      balances: [
        { wallet: 'funding', asset: 'USDT', available: '1000', frozen: '0', value_usdt: '1000' },
      ],
      totals: { funding: '1000', contract: '0', option: '0', all: '1000' },
    });
  }
  return ok(order);
}

beforeEach(async () => {
  sent = [];
  next = answer;
  worker = await startWorkerCore(({ path, init }) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ path, key: headers['Idempotency-Key'], body: String(init.body ?? '') });
    return next(path);
  });
  core = worker.core;
  core.setCredentials({ token: 'session-token', language: 'en' });
});

afterEach(() => worker.stop());

const limitBuy = { ...emptySpotForm, price: '3000', quantity: '0.50' };
const placed = () => sent.filter((request) => request.path === '/spot/order');

describe('spot calls in the worker', () => {
  it('reuses the key of an unanswered order for its retry, and sends only its fields', async () => {
    next = () => 'offline';
    expect(await core.placeSpotOrder('ETHUSDT', limitBuy)).toMatchObject({ ok: false });
    next = answer;
    const retried = await core.placeSpotOrder('ETHUSDT', {
      ...limitBuy,
      quantity: '0.5',
      turnover: '9',
    });
    expect(retried).toMatchObject({ ok: true, data: { id: 11, status: 'open', open: true } });
    const [first, second] = placed();
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(Object.fromEntries(new URLSearchParams(second?.body))).toEqual({
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3000',
      quantity: '0.5',
    });
  });

  it('sends no amount a market order does not take, whatever the form still holds', async () => {
    const typed = { price: '3000.123456789', quantity: '1', turnover: '50' };
    await core.placeSpotOrder('ETHUSDT', { ...emptySpotForm, ...typed, type: 'market' });
    await core.placeSpotOrder('ETHUSDT', {
      ...emptySpotForm,
      ...typed,
      type: 'market',
      side: 'sell',
    });
    expect(
      placed().map((request) => Object.fromEntries(new URLSearchParams(request.body))),
    ).toEqual([
      { symbol: 'ETHUSDT', side: 'buy', type: 'market', turnover: '50' },
      { symbol: 'ETHUSDT', side: 'sell', type: 'market', quantity: '1' },
    ]);
  });

  it('gives the next order a fresh key once one was answered, even a refusal', async () => {
    await core.placeSpotOrder('ETHUSDT', limitBuy);
    next = () => ({ code: errorCodes.balance_insufficient, msg: 'Insufficient', data: null });
    await core.placeSpotOrder('ETHUSDT', limitBuy);
    await core.placeSpotOrder('ETHUSDT', limitBuy);
    expect(new Set(placed().map((request) => request.key)).size).toBe(3);
  });

  it('logs each intent with its key, and the order the answer carries', async () => {
    await core.placeSpotOrder('ETHUSDT', limitBuy);
    await core.cancelSpotOrder(11);
    const events = fromNdjson(await core.capture());
    const intents = events.filter((e) => e.source === 'intent').map((e) => e.type);
    expect(intents).toEqual(expect.arrayContaining(['spot-place', 'spot-cancel']));
    const cancel = events.find((e) => e.type === 'spot-cancel');
    expect(cancel?.payload).toMatchObject({ order_id: 11, key: sent.at(-1)?.key });
    expect(events.filter((e) => e.source === 'api' && e.type === 'spot-order')).toHaveLength(2);
  });

  it('reviews the form against the folded rules, current price and balance', async () => {
    expect(await core.reviewSpotOrder('ETHUSDT', limitBuy)).toEqual({ problem: null, fee: null });
    await core.refreshSpot();
    // 3000 × 0.3 = 900 of the 1000 USDT available; 3000 × 0.34 = 1020 is more.
    const enough = await core.reviewSpotOrder('ETHUSDT', { ...limitBuy, quantity: '0.3' });
    expect(enough).toEqual({ problem: null, fee: { shown: '0.0003', asset: 'ETH' } });
    const tooMuch = await core.reviewSpotOrder('ETHUSDT', { ...limitBuy, quantity: '0.34' });
    expect(tooMuch.problem).toMatchObject({
      field: 'quantity',
      rule: 'insufficient',
      params: { minimum: '5.00 USDT', quote: 'USDT', decimals: 4 },
    });
  });
});
