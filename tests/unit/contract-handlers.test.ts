// Perpetual calls through the worker's core: one idempotency key per intent, reused when a call went
// unanswered and fresh once one was answered; every intent logged with its key and only its fields;
// the form reviewed with core/contract's formulas against what the worker folded; the trade page's
// view, whose positions follow a newer mark with the server's formulas and whose orders say how
// they ended; and the history's fills and liquidations, logged and formatted for the locale.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { marketBrackets } from '../../core/contract/brackets.ts';
import { liquidationPrice } from '../../core/contract/margin.ts';
import {
  type ContractCheck,
  type ContractPlaceResult,
  contractOrderMachine,
} from '../../core/contract/order.machine.ts';
import { type ContractOrderForm, emptyContractForm } from '../../core/contract/order-form.ts';
import { fromNdjson } from '../../core/event-log.ts';
import { priceAtScale } from '../../core/market/decimal-atoms.ts';
import { formatPrice } from '../../core/price-format.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { liquidationRow } from '../../workers/contract/rows.ts';
import { tradeView } from '../../workers/contract/views.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import {
  contractFill,
  contractOrder,
  ethMarket,
  liquidation,
  markData,
  position,
} from '../support/contract-fixtures.ts';
import { logged, takenFrame } from '../support/events.ts';
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
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 100 });

function answer(path: string): unknown {
  if (path === '/contract/markets') return ok({ list: [ethMarket] });
  if (path === '/contract/positions') return ok({ list: [] });
  if (path === '/contract/orders') return ok(page([]));
  // A self-trade: the same fill as maker and as taker.
  if (path === '/contract/fills')
    return ok(page([contractFill(7), contractFill(7, { role: 'taker', side: 'buy' })]));
  if (path === '/contract/liquidations') return ok(page([liquidation(5)]));
  if (path === '/contract/tpsl') return ok(position(1, { tp_price: '3300.00' }));
  if (path === '/contract/leverage') return ok({ symbol: 'ETHUSDT', leverage: 5 });
  if (path === '/wallet/balances') {
    return ok({
      balances: [
        { wallet: 'contract', asset: 'USDT', available: '1000', frozen: '0', value_usdt: '1000' },
      ],
      totals: { funding: '0', contract: '1000', option: '0', all: '1000' },
    });
  }
  return ok(contractOrder(11, 'open'));
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

const tenTimesLong = { ...emptyContractForm, price: '3000.00', quantity: '0.10' };
const opened = () => sent.filter((request) => request.path === '/contract/open');
const bodyOf = (request: Sent | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body));

describe('perpetual calls in the worker', () => {
  it('reuses the key of an unanswered order for its retry, and sends only its fields', async () => {
    next = () => 'offline';
    expect(await core.openContract('ETHUSDT', tenTimesLong)).toMatchObject({ ok: false });
    next = answer;
    const retried = await core.openContract('ETHUSDT', {
      ...tenTimesLong,
      quantity: '0.1',
      tp: '9',
    });
    expect(retried).toMatchObject({ ok: true, data: { id: 11, action: 'openLong', open: true } });
    const [first, second] = opened();
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(bodyOf(second)).toEqual({
      symbol: 'ETHUSDT',
      direction: 'long',
      type: 'limit',
      price: '3000',
      quantity: '0.1',
      leverage: '10',
      margin_mode: 'isolated',
    });
  });

  it('sends take-profit and stop-loss only when they are on, and a fresh key per answered intent', async () => {
    const withTpSl = { ...tenTimesLong, tpSl: true, tp: '3300', sl: '' };
    await core.openContract('ETHUSDT', withTpSl);
    next = () => ({ code: errorCodes.margin_insufficient, msg: 'Insufficient margin', data: null });
    await core.openContract('ETHUSDT', withTpSl);
    expect(bodyOf(opened()[0])).toMatchObject({ tp_price: '3300' });
    expect(bodyOf(opened()[0])).not.toHaveProperty('sl_price');
    expect(new Set(opened().map((request) => request.key)).size).toBe(2);
  });

  it('sends no price with a market order, whatever the form still holds', async () => {
    await core.openContract('ETHUSDT', {
      ...tenTimesLong,
      type: 'market',
      price: '3000.123456789',
    });
    await core.closeContract(1, { type: 'market', price: '2900', quantity: '' });
    expect(bodyOf(opened()[0])).not.toHaveProperty('price');
    expect(bodyOf(sent.find((request) => request.path === '/contract/close'))).toEqual({
      position_id: '1',
      type: 'market',
    });
  });

  it('logs each intent with its key, and the order or position the answer carries', async () => {
    await core.openContract('ETHUSDT', tenTimesLong);
    await core.cancelContractOrder(11);
    await core.closeContract(1, { type: 'market', price: '', quantity: '0.05' });
    await core.changePosition(1, { kind: 'tpsl', tp: '3300', sl: '', quantity: '' });
    await core.changePosition(1, { kind: 'tpsl', tp: '3300', sl: '2900', quantity: '0.050' });
    await core.setContractLeverage('ETHUSDT', 5);
    const events = fromNdjson(await core.capture());
    const intents = events.filter((e) => e.source === 'intent').map((e) => e.type);
    expect(intents).toEqual(
      expect.arrayContaining([
        'contract-open',
        'contract-cancel',
        'contract-close',
        'contract-tpsl',
        'contract-leverage',
      ]),
    );
    expect(events.find((e) => e.type === 'contract-close')?.payload).toMatchObject({
      position_id: 1,
      type: 'market',
      quantity: '0.05',
      key: sent.find((request) => request.path === '/contract/close')?.key,
    });
    // An empty price clears it: both are sent; a quantity only when it is part of the position.
    const tpsl = sent.filter((request) => request.path === '/contract/tpsl').map(bodyOf);
    expect(tpsl).toEqual([
      { position_id: '1', tp_price: '3300', sl_price: '' },
      { position_id: '1', tp_price: '3300', sl_price: '2900', quantity: '0.05' },
    ]);
    const answers = events.filter((e) => e.source === 'api').map((e) => e.type);
    expect(answers).toEqual(
      expect.arrayContaining(['contract-order', 'contract-position', 'contract-leverage-set']),
    );
  });

  it('reviews the form with the margin formulas once the market and the wallet are known', async () => {
    expect(await core.reviewContractOrder('ETHUSDT', tenTimesLong)).toMatchObject({
      cost: null,
      liquidation: null,
    });
    await core.refreshContract();
    const review = await core.reviewContractOrder('ETHUSDT', tenTimesLong);
    const brackets = marketBrackets(ethMarket.brackets) ?? [];
    const entry = 3000n * 100_000_000n;
    const expected = liquidationPrice(
      brackets,
      { direction: 'long', quantity: 10_000_000n, entryPrice: entry },
      30n * 100_000_000n,
    );
    expect(review).toMatchObject({
      problem: null,
      // 300 USDT at 10×, and the 0.05 % taker fee.
      cost: '30.15',
      liquidation: formatPrice(priceAtScale(expected ?? 0n, 2), { locale: 'en', precision: 2 }),
    });
    // 3.3167 ETH takes 995.01 of margin and 4.975 of fee; one lot more is above 1,000.
    expect(review.maxLongExact).toBe('3.3167');
    const tooMuch = await core.reviewContractOrder('ETHUSDT', { ...tenTimesLong, quantity: '4' });
    expect(tooMuch.problem).toMatchObject({ field: 'quantity', rule: 'insufficient' });
  });
});

describe('the trade page view', () => {
  const base = () => [
    logged({ source: 'api', type: 'login', payload: { account: 'a@example.com', user_id: 1 } }),
    logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
    logged({ source: 'api', type: 'contract-positions', payload: { list: [position(1)] } }),
  ];

  it('shows the server’s figures, then works them out again at a newer mark', () => {
    const before = tradeView(viewAt(base()), 'ETHUSDT', 'en');
    expect(before.positions[0]).toMatchObject({ pnl: '0.00', roe: '0.00%', mark: '3,000.00' });
    const after = tradeView(
      viewAt([...base(), takenFrame('mark.ETHUSDT', markData('3030.00'))]),
      'ETHUSDT',
      'en',
    );
    // 0.1 ETH, 30 USDT up: +3 USDT on 30 of initial margin.
    expect(after.positions[0]).toMatchObject({
      pnl: '+3.00',
      pnlSign: 1,
      roe: '+10.00%',
      mark: '3,030.00',
      liquidation: '2,710.85',
    });
  });

  it('tells how the followed order ended, from the orders channel, and the form says so', async () => {
    const later = { updated_at: '2025-01-01T00:00:09.000Z' };
    const events = [
      ...base(),
      logged({ source: 'api', type: 'contract-order', payload: contractOrder(21, 'open') }),
      logged({ source: 'api', type: 'contract-order', payload: contractOrder(22, 'open') }),
      takenFrame('contract-orders', [
        contractOrder(21, 'cancelled', {
          ...later,
          filled_quantity: '0.04',
          cancel_reason: 'unfilled',
        }),
        contractOrder(22, 'filled', later),
        contractOrder(23, 'cancelled', { ...later, cancel_reason: 'self_trade' }),
      ]),
    ];
    const open = tradeView(viewAt(events.slice(0, -1)), 'ETHUSDT', 'en');
    const ended = tradeView(viewAt(events), 'ETHUSDT', 'en');
    expect(ended.orders).toEqual([]);
    const how = ended.finishedOrders.map(({ id, status, traded, cancelReason }) => ({
      id,
      status,
      traded,
      cancelReason,
    }));
    expect(how).toEqual([
      { id: 23, status: 'cancelled', traded: false, cancelReason: 'self_trade' },
      { id: 22, status: 'filled', traded: true, cancelReason: null },
      { id: 21, status: 'cancelled', traded: true, cancelReason: 'unfilled' },
    ]);

    // The form placed order 21; it rested, and the frame ended it.
    const placed = open.orders.find((row) => row.id === 21);
    const final = ended.finishedOrders.find((row) => row.id === 21);
    if (!placed || !final) throw new Error('order 21 is not in the view');
    const machine = contractOrderMachine.provide({
      actors: {
        check: fromPromise<ContractCheck, { form: ContractOrderForm }>(async () => ({ ok: true })),
        place: fromPromise<ContractPlaceResult, { form: ContractOrderForm }>(async () => ({
          kind: 'placed',
          order: placed,
        })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'CHANGE', field: 'price', value: '2900' });
    actor.send({ type: 'CHANGE', field: 'quantity', value: '0.1' });
    actor.send({ type: 'SUBMIT' });
    await expect.poll(() => actor.getSnapshot().value).toBe('resting');
    actor.send({ type: 'ORDER_UPDATE', order: final });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({
      left: false,
      order: { id: 21, status: 'cancelled' },
    });
  });

  it('holds the market’s leverage and margin mode while a position or an opening order does', () => {
    const view = tradeView(viewAt(base()), 'ETHUSDT', 'en');
    expect(view.settings).toEqual({ leverage: 10, marginMode: 'isolated', hasPosition: true });
    const free = tradeView(viewAt(base().slice(0, 2)), 'ETHUSDT', 'en');
    expect(free.settings).toBeNull();
  });
});

describe('the history’s fills and liquidations', () => {
  it('logs each page asked for and answered, and shapes the fills as rows', async () => {
    await core.refreshContract();
    const fills = await core.contractFills(1);
    expect(fills).toMatchObject({ ok: true, data: { page: 1, more: false } });
    const rows = fills.ok ? fills.data.rows : [];
    expect(rows.map((row) => row.key)).toEqual(['7:maker', '7:taker']);
    expect(rows[0]).toEqual({
      key: '7:maker',
      id: 7,
      symbol: 'ETHUSDT',
      side: 'sell',
      role: 'maker',
      orderId: 11,
      time: expect.any(String),
      price: '3,100.00',
      quantity: '0.1000',
      value: '310.00',
      fee: '0.06',
      pnl: '+10.00',
      pnlSign: 1,
    });
    await core.contractLiquidations(1);
    const events = fromNdjson(await core.capture());
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'contract-fills-requested',
        'contract-fills',
        'contract-liquidations-requested',
        'contract-liquidations',
      ]),
    );
    expect(sent.find((request) => request.path === '/contract/fills')).toBeDefined();
  });

  it('shows a liquidation’s inputs at the market’s scale, its USDT figures exact', async () => {
    await core.refreshContract();
    const answer = await core.contractLiquidations(1);
    expect(answer.ok && answer.data.rows).toEqual([
      {
        positionId: 5,
        symbol: 'ETHUSDT',
        direction: 'long',
        marginMode: 'isolated',
        time: expect.any(String),
        quantity: '0.1000',
        entry: '3,000.00',
        mark: '2,710.80',
        markTime: expect.any(String),
        liquidation: '2,710.85',
        bankruptcy: '2,700.00',
        backing: '30.00',
        // As recorded, not 1.0843: the comparison with the margin balance is exact.
        maintenanceMargin: '1.08432',
        maintenanceRate: '0.4%',
        filled: '0.0600',
        adl: '0.0400',
        insuranceFee: '0.60',
      },
    ]);
  });

  it('writes a liquidation for the locale, with a dash where no liquidation price was shown', () => {
    const row = liquidationRow(liquidation(5, { liquidation_price: null }), ethMarket, 'de');
    expect(row).toMatchObject({
      mark: '2.710,80',
      liquidation: '--',
      maintenanceMargin: '1,08432',
      maintenanceRate: '0,4\u00a0%',
    });
    expect(row.markTime).not.toBe(row.time);
  });
});
