// The second contract's projections: the open contracts seeded by the current list and kept by
// the placed order's answer and the `options` frames, where a settled one leaves for good; the
// opening print found in the opening window's recorded prints by the published rule (a stale print
// passed over, none beyond the tolerance); the newest settled contracts the record is reckoned
// over; the user's part forgotten at logout while the offer stays.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import {
  initialOption,
  openingPrint,
  optionFold,
  windowKey,
} from '../../core/projections/option.ts';
import { openContracts, settledContract } from '../../core/projections/option-contracts.ts';
import {
  optionRecordsFold,
  recentKept,
  verificationOf,
} from '../../core/projections/option-records.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';
import { foldAll, frame, logged, takenFrame } from '../support/events.ts';
import { contract, openAt, print, products, settled } from './option-fixtures.ts';

const fold = (events: LoggedEvent[]) => foldAll(optionFold, events);
const openIds = (events: LoggedEvent[]) => openContracts(fold(events).contracts).map((c) => c.id);

const listed = (status: 'current' | 'history', list: OptionContract[], page = 1) =>
  logged({
    source: 'api',
    type: 'option-contracts',
    payload: { status, page, size: 100, answer: { list, total: list.length, page, size: 100 } },
  });
const requested = () =>
  logged({
    source: 'intent',
    type: 'option-contracts-requested',
    payload: { status: 'current', page: 1, size: 100 },
  });
const placed = (c: OptionContract) => logged({ source: 'api', type: 'option-placed', payload: c });
const prints = (list: IndexPrintRow[], from = openAt) =>
  logged({
    source: 'api',
    type: 'option-prints',
    payload: { symbol: 'BTCUSDT', from, to: from + 5000, prints: list },
  });

describe('the open contracts', () => {
  it('seeds them from the current list and adds the one an order placed', () => {
    const events = [
      requested(),
      listed('current', [contract(1), contract(2)]),
      placed(contract(3)),
    ];
    expect(openIds(events)).toEqual([3, 2, 1]);
  });

  it('moves a contract the channel settles to the settled ones, as it settled', () => {
    const events = [listed('current', [contract(1)]), takenFrame('options', [settled(1, 'win')])];
    const state = fold(events).contracts;
    expect(openContracts(state)).toEqual([]);
    expect(settledContract(state, 1)).toMatchObject({ outcome: 'win', payout: '18' });
  });

  it('never opens a settled contract again with an answer read before it settled', () => {
    const events = [
      requested(),
      takenFrame('options', [settled(4, 'lose')]),
      listed('current', [contract(4), contract(5)]),
      placed(contract(4)),
    ];
    expect(openIds(events)).toEqual([5]);
    expect(settledContract(fold(events).contracts, 4)?.outcome).toBe('lose');
  });

  it('keeps a contract a frame told of after the request over a list that misses it', () => {
    const events = [requested(), takenFrame('options', [contract(6)]), listed('current', [])];
    expect(openIds(events)).toEqual([6]);
    const forgotten = [takenFrame('options', [contract(7)]), requested(), listed('current', [])];
    expect(openIds(forgotten)).toEqual([]);
  });

  it('lets a history page settle an open contract, but not bring in one never seen open', () => {
    const events = [
      listed('current', [contract(8)]),
      listed('history', [settled(8, 'refund'), settled(9, 'void')]),
    ];
    const state = fold(events).contracts;
    expect(openContracts(state)).toEqual([]);
    expect(state.finished.map((c) => c.id)).toEqual([8]);
  });

  it('refuses a frame that breaks the channel’s schema where it enters', () => {
    expect(frame('options', [{ ...contract(10), status: 'pending' }])).toBeNull();
  });

  it('forgets the user’s contracts and limit at logout, and keeps what is offered', () => {
    const events = [
      logged({ source: 'api', type: 'option-products', payload: products }),
      listed('current', [contract(11)]),
      logged({ source: 'intent', type: 'logout', payload: null }),
    ];
    const state = fold(events);
    expect(openContracts(state.contracts)).toEqual([]);
    expect(state.offer?.min_stake).toBe('10');
  });
});

describe('the opening print', () => {
  const open = contract(1);
  const openingAfter = (events: LoggedEvent[]) => openingPrint(fold(events), open);

  it('is the first fresh print at or after the opening second, a stale one passed over', () => {
    expect(openingAfter([prints([print(0, '84000', true), print(1, '84001.25')])])).toEqual({
      price: '84001.25',
      at: '2025-01-01T12:00:02.000Z',
    });
  });

  it('is unknown while the window holds no fresh print, and none past the tolerance counts', () => {
    expect(openingAfter([prints([print(0, '84000', true)])])).toBeNull();
    expect(openingAfter([prints([print(6, '84000')])])).toBeNull();
    // A later answer of the same window covers more of it.
    expect(
      openingAfter([
        prints([print(0, '84000', true)]),
        prints([print(0, '84000', true), print(2, '84002')]),
      ]),
    ).toMatchObject({ price: '84002' });
  });

  it('reads only its own window: another contract’s window may lack its first seconds', () => {
    const later = prints([print(2, '84100'), print(3, '84200')], openAt + 2000);
    expect(openingAfter([later])).toBeNull();
    expect(fold([later]).windows[windowKey('BTCUSDT', openAt + 2000)]).toHaveLength(2);
  });

  it('is the recorded one once the contract settled', () => {
    expect(openingPrint(initialOption, settled(1, 'win'))).toEqual({
      price: '84000.5',
      at: '2025-01-01T12:00:01.000Z',
    });
  });
});

describe('the records', () => {
  const records = (events: LoggedEvent[]) => foldAll(optionRecordsFold, events);

  it('keeps the newest settled contracts, joined by those the channel settles', () => {
    const events = [
      takenFrame('options', [settled(1, 'win')]),
      listed('history', [settled(3, 'win'), settled(2, 'lose')]),
      takenFrame('options', [contract(5), settled(4, 'lose')]),
      listed('history', [settled(4, 'lose'), settled(3, 'win')]),
    ];
    // Before the history was loaded a frame alone says nothing of the record.
    expect(records(events.slice(0, 1)).recent).toBeNull();
    expect(records(events).recent?.map((c) => c.id)).toEqual([4, 3, 2]);
  });

  it('keeps no more than the sample, and later pages leave it alone', () => {
    const many = Array.from({ length: recentKept + 5 }, (_, i) => settled(i + 1, 'win'));
    const events = [listed('history', many), listed('history', [settled(500, 'lose')], 2)];
    const state = records(events);
    expect(state.recent).toHaveLength(recentKept);
    expect(state.recent?.[0]?.id).toBe(recentKept + 5);
    expect(state.history?.page).toBe(2);
  });

  it('keeps the verifications asked for, by contract', () => {
    const answer = {
      id: 7,
      symbol: 'BTCUSDT',
      direction: 'up' as const,
      unit: 'minute' as const,
      length: 1,
      payout_rate: '0.8',
      open_time: '2025-01-01T12:00:01.000Z',
      expiry_time: '2025-01-01T12:01:01.000Z',
      opening: null,
      settlement: null,
      opening_window: [],
      settlement_window: [],
      rule: 'first-fresh-print-within-5s',
      status: 'open' as const,
      recorded_outcome: null,
      recomputed_outcome: null,
      matches: null,
      mine: true,
      stake: '10',
      recorded_payout: null,
      recomputed_payout: null,
    };
    const events = [
      logged({ source: 'api', type: 'option-verification', payload: answer }),
      logged({ source: 'api', type: 'option-verification', payload: { ...answer, matches: true } }),
    ];
    const state = records(events);
    expect(state.verifications).toHaveLength(1);
    expect(verificationOf(state, 7)?.matches).toBe(true);
  });
});
