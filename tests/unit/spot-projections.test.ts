// The spot projections: open orders and balances seeded by an answer and kept current by private
// frames, where a frame that arrived after the request is never undone by the older answer; both
// forget the user at logout. Replaying the same events gives the same view.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { availableOf, balancesFold, initialBalances } from '../../core/projections/balances.ts';
import {
  initialSpotOrders,
  openOrders,
  spotOrdersFold,
} from '../../core/projections/spot-orders.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { foldAll as foldEvents, frame, logged, takenFrame } from '../support/events.ts';

function order(id: number, status: SpotOrder['status'], second = 0): SpotOrder {
  return {
    id,
    symbol: 'ETHUSDT',
    side: 'buy',
    type: 'limit',
    price: '3000',
    quantity: '0.5',
    turnover: null,
    filled_quantity: status === 'filled' ? '0.5' : '0',
    filled_quote: status === 'filled' ? '1500' : '0',
    avg_price: status === 'filled' ? '3000' : null,
    fee: '0',
    fee_asset: 'ETH',
    status,
    cancel_reason: status === 'cancelled' ? 'user' : null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: `2025-01-01T00:00:${String(second).padStart(2, '0')}.000Z`,
  };
}

const request = () =>
  logged({
    source: 'intent',
    type: 'spot-orders-requested',
    payload: { status: 'current', page: 1, size: 100 },
  });
const answer = (list: SpotOrder[]) =>
  logged({ source: 'api', type: 'spot-orders', payload: { status: 'current', page: 1, list } });
const fold = (events: LoggedEvent[]) => foldEvents(spotOrdersFold, events);
const openIds = (events: LoggedEvent[]) => openOrders(fold(events)).map((o) => o.id);

describe('foldSpotOrders', () => {
  it('seeds the open orders from the current list and follows them on the orders channel', () => {
    const events = [request(), answer([order(1, 'open'), order(2, 'open')])];
    expect(openIds(events)).toEqual([2, 1]);
    events.push(takenFrame('orders', [order(1, 'filled', 5)]));
    expect(openIds(events)).toEqual([2]);
    // The finished order is still known, so whoever followed it sees how it ended.
    expect(fold(events).byId[1]?.status).toBe('filled');
  });

  it('keeps an order placed after the request although the older answer does not list it', () => {
    const events = [
      request(),
      takenFrame('orders', [order(3, 'open', 1)]),
      answer([order(1, 'open')]),
    ];
    expect(openIds(events)).toEqual([3, 1]);
  });

  it('drops an order the answer no longer lists when nothing newer was heard of it', () => {
    const events = [takenFrame('orders', [order(4, 'open')]), request(), answer([])];
    expect(openIds(events)).toEqual([]);
  });

  it('never lets an older state of an order replace a newer one', () => {
    const events = [
      request(),
      takenFrame('orders', [order(5, 'cancelled', 9)]),
      answer([order(5, 'open', 1)]),
    ];
    expect(fold(events).byId[5]?.status).toBe('cancelled');
  });

  it('takes the answer to placing an order, and forgets everything at logout', () => {
    const events = [logged({ source: 'api', type: 'spot-order', payload: order(6, 'open') })];
    expect(openIds(events)).toEqual([6]);
    events.push(logged({ source: 'intent', type: 'logout', payload: null }));
    expect(fold(events)).toEqual(initialSpotOrders);
  });

  it("ignores frames of other channels and data its channel's schema does not allow", () => {
    // A frame whose data breaks its channel's schema is refused where it enters.
    const events = [frame('orders', [{ id: 'x' }]), frame('trades.ETHUSDT', [order(7, 'open')])];
    expect(fold(events.flatMap((event) => event ?? []))).toBe(initialSpotOrders);
  });

  it('ends in the same view whatever the order of frames of one order', () => {
    const states = fc.array(
      fc.constantFrom('open', 'partially_filled', 'filled') as fc.Arbitrary<SpotOrder['status']>,
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(states, (statuses) => {
        const frames = statuses.map((status, i) => takenFrame('orders', [order(9, status, i)]));
        const newest = statuses.at(-1);
        const shuffled = [...frames].reverse();
        expect(fold(frames).byId[9]?.status).toBe(newest);
        expect(fold(shuffled).byId[9]?.status).toBe(newest);
      }),
    );
  });
});

describe('foldBalances', () => {
  const row = (asset: string, available: string) => ({
    wallet: 'funding' as const,
    asset,
    available,
    frozen: '0',
    value_usdt: null,
  });
  const foldAll = (events: LoggedEvent[]) => foldEvents(balancesFold, events);
  const requested = () =>
    logged({ source: 'intent', type: 'wallet-balances-requested', payload: null });
  const answered = (rows: ReturnType<typeof row>[]) =>
    logged({
      source: 'api',
      type: 'wallet-balances',
      payload: { balances: rows, totals: { funding: '0', contract: '0', option: '0', all: '0' } },
    });

  it('knows nothing before an answer or a frame, then zero for assets not held', () => {
    expect(availableOf(initialBalances, 'funding', 'USDT')).toBeNull();
    const state = foldAll([answered([row('USDT', '1000')])]);
    expect(availableOf(state, 'funding', 'USDT')).toBe('1000');
    expect(availableOf(state, 'funding', 'ETH')).toBe('0');
  });

  it('takes each frame’s newest state, and keeps it over an answer requested before it', () => {
    const state = foldAll([
      requested(),
      takenFrame('balances', [row('USDT', '750')]),
      answered([row('USDT', '1000'), row('ETH', '1')]),
    ]);
    expect(availableOf(state, 'funding', 'USDT')).toBe('750');
    expect(availableOf(state, 'funding', 'ETH')).toBe('1');
  });

  it('lets an answer replace what it no longer lists, and forgets everything at logout', () => {
    const before = [takenFrame('balances', [row('BTC', '2')]), requested()];
    const state = foldAll([...before, answered([])]);
    expect(availableOf(state, 'funding', 'BTC')).toBe('0');
    const expired = logged({ source: 'api', type: 'session-expired', payload: null });
    expect(foldAll([...before, expired])).toEqual(initialBalances);
  });
});
