// The AI ETF section's projection: the products as last listed; the user's active orders seeded by
// a whole active list and kept by the answers of a purchase and of a withdrawal and by the frames of
// orders that matured, where an ended
// order leaves for good and an older state (fewer days paid) read late changes nothing; forgotten
// at logout while the products stay.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { activeOrders, aiFold, orderOf, productOf } from '../../core/projections/ai.ts';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import { foldAll, logged } from '../support/events.ts';
import { order, paged, product } from './ai-fixtures.ts';

const fold = (events: LoggedEvent[]) => foldAll(aiFold, events);
const activeIds = (events: LoggedEvent[]) => activeOrders(fold(events)).map((o) => o.id);

const requested = () =>
  logged({
    source: 'intent',
    type: 'ai-orders-requested',
    payload: { status: 'active', page: 1, size: 100 },
  });
const listed = (
  status: 'active' | 'finished',
  list: AiOrder[],
  page = 1,
  size = 100,
  total = list.length,
) =>
  logged({
    source: 'api',
    type: 'ai-orders',
    payload: { status, page, size, answer: paged(list, page, size, total) },
  });
const bought = (o: AiOrder) => logged({ source: 'api', type: 'ai-bought', payload: o });
const withdrawn = (o: AiOrder) => logged({ source: 'api', type: 'ai-withdrawn', payload: o });
const matured = (list: AiOrder[], seq = 1) =>
  logged({
    source: 'socket',
    type: 'ai-order-updates',
    payload: { seq, ts: Date.parse('2026-06-01T00:00:00Z'), data: list },
  });

describe('the products', () => {
  it('keeps the products as last listed', () => {
    const state = fold([
      logged({ source: 'api', type: 'ai-products', payload: { list: [product(1), product(2)] } }),
    ]);
    expect(productOf(state, 2)?.apr).toBe('12.5');
    expect(productOf(state, 3)).toBeNull();
  });
});

describe('the user’s orders', () => {
  it('seeds the active ones from the whole active list and adds the one a purchase made', () => {
    const events = [requested(), listed('active', [order(2), order(1)]), bought(order(3))];
    expect(activeIds(events)).toEqual([3, 2, 1]);
    expect(fold(events).ordersKnown).toBe(true);
  });

  it('takes a page of a longer active list as some of them, not all', () => {
    const events = [bought(order(9)), requested(), listed('active', [order(2)], 1, 1, 5)];
    expect(activeIds(events)).toEqual([9, 2]);
    expect(fold(events).ordersKnown).toBe(false);
  });

  it('keeps an order bought after the list was asked for, though the list does not have it', () => {
    expect(activeIds([requested(), bought(order(3)), listed('active', [order(1)])])).toEqual([
      3, 1,
    ]);
    // One bought before the request and not listed has ended since.
    expect(activeIds([bought(order(3)), requested(), listed('active', [order(1)])])).toEqual([1]);
  });

  it('moves a withdrawn order to the ended ones, and an older answer cannot bring it back', () => {
    const ended = order(1, 3, { status: 'withdrawn', withdrawn: '998.97260275' });
    const state = fold([listed('active', [order(1, 3)]), withdrawn(ended), bought(order(1, 2))]);
    expect(activeOrders(state)).toEqual([]);
    expect(orderOf(state, 1)).toMatchObject({ status: 'withdrawn', withdrawn: '998.97260275' });
  });

  it('moves the orders a frame says matured to the ended ones, without a reload', () => {
    const finished = order(1, 30, { status: 'finished', next_payment: null });
    const events = [listed('active', [order(2, 29), order(1, 29)]), matured([finished])];
    expect(activeIds(events)).toEqual([2]);
    expect(orderOf(fold(events), 1)).toMatchObject({ status: 'finished', paid: finished.paid });
    // A list read before the frame, answered after it, does not bring it back.
    expect(activeIds([requested(), matured([finished]), listed('active', [order(1, 29)])])).toEqual(
      [],
    );
  });

  it('takes a day more paid, never a day less', () => {
    const later = fold([listed('active', [order(1, 4)]), bought(order(1, 2))]);
    expect(orderOf(later, 1)?.paid).toBe(order(1, 4).paid);
    const sooner = fold([listed('active', [order(1, 2)]), bought(order(1, 4))]);
    expect(orderOf(sooner, 1)?.paid).toBe(order(1, 4).paid);
  });

  it('leaves a finished page’s orders alone unless they were active here', () => {
    const matured = order(1, 30, { status: 'finished' });
    expect(orderOf(fold([listed('finished', [matured])]), 1)).toBeNull();
    const state = fold([listed('active', [order(1, 29)]), listed('finished', [matured])]);
    expect(orderOf(state, 1)?.status).toBe('finished');
    expect(activeOrders(state)).toEqual([]);
  });

  it('lists the active orders of one product', () => {
    const state = fold([listed('active', [order(2, 0, { product_id: 2 }), order(1)])]);
    expect(activeOrders(state, 2).map((o) => o.id)).toEqual([2]);
  });

  it('forgets them at logout and keeps the products', () => {
    const state = fold([
      logged({ source: 'api', type: 'ai-products', payload: { list: [product(1)] } }),
      listed('active', [order(1)]),
      logged({ source: 'intent', type: 'logout', payload: null }),
    ]);
    expect(activeOrders(state)).toEqual([]);
    expect(state.ordersKnown).toBe(false);
    expect(productOf(state, 1)).not.toBeNull();
  });
});
