// The perpetual projections: open positions seeded by the answer and kept current by the private
// `positions` frames, where a closed one leaves and never comes back with an older answer; marks
// from the answers and the `mark.*` frames; resting orders from the current list, the answers and
// the `contract-orders` frames, where a finished one leaves and is remembered as it ended;
// frames that break their channel's schema are refused where they enter; the user's part is
// forgotten at logout while the markets stay; the history pages (closed positions, fills,
// liquidations) as last answered.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { contractFold, initialContract } from '../../core/projections/contract.ts';
import { finishedOrder, restingOrders } from '../../core/projections/contract-open-orders.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import { closedLine, contractRecordsFold } from '../../core/projections/contract-records.ts';
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import {
  contractFill,
  contractOrder,
  ethMarket,
  liquidation,
  markData,
  position,
} from '../support/contract-fixtures.ts';
import { foldAll, frame, logged, takenFrame } from '../support/events.ts';

const fold = (events: LoggedEvent[]) => foldAll(contractFold, events);
const ids = (events: LoggedEvent[]) => openPositions(fold(events).positions).map((p) => p.id);

const requested = () =>
  logged({ source: 'intent', type: 'contract-positions-requested', payload: null });
const answered = (list: ContractPosition[]) =>
  logged({ source: 'api', type: 'contract-positions', payload: { list } });
const open = (p: ContractPosition) => ({ ...p, status: 'open' as const });
const closed = (p: ContractPosition) => ({ ...p, status: 'closed' as const });

describe('contract positions', () => {
  it('seeds the open positions from the answer and follows them on the positions channel', () => {
    const events = [requested(), answered([position(1), position(2)])];
    expect(ids(events)).toEqual([2, 1]);
    events.push(takenFrame('positions', [open(position(1, { quantity: '0.05' }))]));
    expect(fold(events).positions.byId[1]?.quantity).toBe('0.05');
  });

  it('removes a position the channel says closed, and remembers how it last stood', () => {
    const events = [
      answered([position(1), position(2)]),
      takenFrame('positions', [closed(position(1, { unrealized_pnl: '4.2' }))]),
    ];
    expect(ids(events)).toEqual([2]);
    expect(fold(events).positions.closed.map((entry) => entry.position)).toEqual([
      position(1, { unrealized_pnl: '4.2' }),
    ]);
  });

  it('never brings back a closed position with an answer read before it closed', () => {
    const events = [
      requested(),
      takenFrame('positions', [closed(position(3))]),
      answered([position(3), position(4)]),
      logged({ source: 'api', type: 'contract-position', payload: position(3) }),
    ];
    expect(ids(events)).toEqual([4]);
  });

  it('keeps a frame that arrived after the request over the older answer', () => {
    const events = [
      requested(),
      takenFrame('positions', [open(position(5, { quantity: '0.2' }))]),
      answered([position(5, { quantity: '0.1' })]),
    ];
    expect(fold(events).positions.byId[5]?.quantity).toBe('0.2');
  });

  it('drops a position the answer no longer lists when nothing newer was heard of it', () => {
    const events = [takenFrame('positions', [open(position(6))]), requested(), answered([])];
    expect(ids(events)).toEqual([]);
  });

  it('takes a TP/SL or margin answer and a new leverage of the market', () => {
    const events = [
      answered([position(7)]),
      logged({
        source: 'api',
        type: 'contract-position',
        payload: position(7, { tp_price: '3300.00' }),
      }),
      logged({
        source: 'api',
        type: 'contract-leverage-set',
        payload: { symbol: 'ETHUSDT', leverage: 5 },
      }),
    ];
    expect(fold(events).positions.byId[7]).toMatchObject({ tp_price: '3300.00', leverage: 5 });
  });

  it('refuses frames that break the channel and ignores other channels', () => {
    const refused = [
      frame('positions', [{ id: 'x', status: 'open' }]),
      frame('positions', [{ ...position(8), status: 'gone' }]),
      frame('mark.ETHUSDT', { mark_price: 'high' }),
    ];
    expect(refused).toEqual([null, null, null]);
    const other = takenFrame('orders', []);
    expect(fold([other])).toBe(initialContract);
  });
});

describe('contract marks and markets', () => {
  it('takes the markets with their marks, then each mark frame', () => {
    const state = fold([
      logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
      takenFrame('mark.ETHUSDT', { ...markData('3012.50'), stale: true }),
    ]);
    expect(state.markets.ETHUSDT?.tick_size).toBe('0.01');
    expect(state.marks.ETHUSDT).toMatchObject({
      mark: '3012.50',
      stale: true,
      fundingRate: '0.0001',
    });
  });

  it('takes the board of /market/contract and the last funding round paid', () => {
    const state = fold([
      logged({
        source: 'api',
        type: 'contract-board',
        payload: {
          list: [
            {
              symbol: 'BTCUSDT',
              mark_price: '97000.00',
              index_price: '96990.00',
              funding_rate: '-0.0002',
              next_funding_time: '2025-01-01T16:00:00.000Z',
            },
          ],
        },
      }),
      takenFrame('funding.BTCUSDT', {
        funding_time: '2025-01-01T08:00:00.000Z',
        rate: '0.0001',
        mark_price: '96000.00',
      }),
    ]);
    expect(state.marks.BTCUSDT).toMatchObject({ mark: '97000.00', fundingRate: '-0.0002' });
    expect(state.lastRound.BTCUSDT?.rate).toBe('0.0001');
  });

  it('forgets the user at logout and keeps the markets', () => {
    const state = fold([
      logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
      answered([position(9)]),
      logged({ source: 'intent', type: 'logout', payload: null }),
    ]);
    expect(openPositions(state.positions)).toEqual([]);
    expect(state.markets.ETHUSDT).toBeDefined();
  });
});

describe('contract orders', () => {
  const request = () =>
    logged({
      source: 'intent',
      type: 'contract-order-list-requested',
      payload: { status: 'current', page: 1, size: 100 },
    });
  const current = (list: ReturnType<typeof contractOrder>[]) =>
    logged({
      source: 'api',
      type: 'contract-order-list',
      payload: {
        status: 'current',
        page: 1,
        answer: { list, total: list.length, page: 1, size: 100 },
      },
    });
  const restingIds = (events: LoggedEvent[]) => restingOrders(fold(events).orders).map((o) => o.id);

  it('seeds the resting orders from the current list and lets a finished one go', () => {
    const events = [request(), current([contractOrder(1, 'open'), contractOrder(2, 'open')])];
    expect(restingIds(events)).toEqual([2, 1]);
    const cancelled = contractOrder(1, 'cancelled', { updated_at: '2025-01-01T00:00:05.000Z' });
    events.push(logged({ source: 'api', type: 'contract-order', payload: cancelled }));
    expect(restingIds(events)).toEqual([2]);
  });

  it('keeps an order answered after the request although the older list misses it', () => {
    const events = [
      request(),
      logged({ source: 'api', type: 'contract-order', payload: contractOrder(3, 'open') }),
      current([]),
    ];
    expect(restingIds(events)).toEqual([3]);
  });

  it('does not take a market order that filled at once as resting', () => {
    const filled = contractOrder(4, 'filled', { type: 'market' });
    expect(
      restingIds([logged({ source: 'api', type: 'contract-order', payload: filled })]),
    ).toEqual([]);
  });

  const at = (second: number) => `2025-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
  const ordersFrame = (...orders: ReturnType<typeof contractOrder>[]) =>
    takenFrame('contract-orders', orders);

  it('follows the orders channel, where a state older than the one shown loses', () => {
    const partly = contractOrder(5, 'partially_filled', {
      filled_quantity: '0.04',
      updated_at: at(3),
    });
    const events = [
      request(),
      current([contractOrder(5, 'open', { updated_at: at(1) })]),
      ordersFrame(partly, contractOrder(6, 'open', { updated_at: at(3) })),
      ordersFrame(contractOrder(5, 'open', { updated_at: at(2) })),
    ];
    expect(restingIds(events)).toEqual([6, 5]);
    expect(fold(events).orders.byId[5]).toEqual(partly);
  });

  it('lets a filled order leave the resting list and remembers how it ended', () => {
    const events = [
      request(),
      current([contractOrder(7, 'open')]),
      ordersFrame(contractOrder(7, 'filled', { avg_price: '2899.50', updated_at: at(4) })),
    ];
    expect(restingIds(events)).toEqual([]);
    expect(finishedOrder(fold(events).orders, 7)).toMatchObject({
      status: 'filled',
      avg_price: '2899.50',
    });
  });

  it('never brings back a finished order with an answer or a list read before it finished', () => {
    const events = [
      request(),
      // The frame of the batch that filled it came before the answer that placed it.
      ordersFrame(contractOrder(8, 'filled', { updated_at: at(2) })),
      logged({ source: 'api', type: 'contract-order', payload: contractOrder(8, 'open') }),
      current([contractOrder(8, 'open')]),
    ];
    expect(restingIds(events)).toEqual([]);
    expect(finishedOrder(fold(events).orders, 8)?.status).toBe('filled');
  });

  it('takes from a history page only what it says of orders shown resting', () => {
    const history = (list: ReturnType<typeof contractOrder>[]) =>
      logged({
        source: 'api',
        type: 'contract-order-list',
        payload: {
          status: 'history',
          page: 1,
          answer: { list, total: list.length, page: 1, size: 20 },
        },
      });
    const events = [
      request(),
      current([contractOrder(9, 'open')]),
      history([
        contractOrder(9, 'cancelled', { updated_at: at(5) }),
        contractOrder(3, 'filled', { updated_at: at(5) }),
      ]),
    ];
    expect(restingIds(events)).toEqual([]);
    expect(fold(events).orders.finished.map((order) => order.id)).toEqual([9]);
  });

  it('forgets the finished orders at logout', () => {
    const state = fold([
      ordersFrame(contractOrder(10, 'cancelled')),
      logged({ source: 'intent', type: 'logout', payload: null }),
    ]);
    expect(state.orders.finished).toEqual([]);
  });
});

describe('contract records', () => {
  it('keeps the last history page, where the share card finds a closed position', () => {
    const line = {
      id: 11,
      symbol: 'ETHUSDT',
      direction: 'long' as const,
      leverage: 10,
      margin_mode: 'isolated' as const,
      quantity: '0.1',
      entry_price: '3000.00',
      close_price: '3100.00',
      open_fee: '0.15',
      closing_fee: '0.155',
      realized_pnl: '10',
      funding_fee: '0',
      close_reason: 'tp' as const,
      opened_at: '2025-01-01T00:00:00.000Z',
      closed_at: '2025-01-01T01:00:00.000Z',
    };
    const state = foldAll(contractRecordsFold, [
      logged({
        source: 'api',
        type: 'contract-history',
        payload: { list: [line], total: 1, page: 1, size: 20 },
      }),
    ]);
    expect(closedLine(state, 11)?.close_reason).toBe('tp');
    expect(closedLine(state, 12)).toBeNull();
  });

  it('keeps the last page of fills and of liquidations, and forgets them at logout', () => {
    const fills = {
      list: [contractFill(7), contractFill(7, { role: 'taker' })],
      total: 2,
      page: 1,
      size: 20,
    };
    const liquidations = { list: [liquidation(5)], total: 1, page: 1, size: 20 };
    const events = [
      logged({ source: 'intent', type: 'contract-fills-requested', payload: { page: 1 } }),
      logged({ source: 'api', type: 'contract-fills', payload: fills }),
      logged({ source: 'intent', type: 'contract-liquidations-requested', payload: { page: 1 } }),
      logged({ source: 'api', type: 'contract-liquidations', payload: liquidations }),
    ];
    const state = foldAll(contractRecordsFold, events);
    expect(state.fills).toEqual(fills);
    expect(state.liquidations?.list[0]).toMatchObject({
      position_id: 5,
      mark_price: '2710.80',
      maintenance_margin: '1.08432',
      adl_quantity: '0.04',
    });
    const later = { ...fills, list: [contractFill(8)], page: 2 };
    const paged = foldAll(contractRecordsFold, [
      ...events,
      logged({ source: 'api', type: 'contract-fills', payload: later }),
    ]);
    expect(paged.fills).toEqual(later);
    expect(paged.liquidations).toBe(state.liquidations);
    const out = foldAll(contractRecordsFold, [
      ...events,
      logged({ source: 'intent', type: 'logout', payload: null }),
    ]);
    expect(out).toMatchObject({ fills: null, liquidations: null });
  });
});
