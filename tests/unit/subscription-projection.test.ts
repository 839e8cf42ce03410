// The pre-sale subscriptions' projection: the projects by id as listed, whether the pages reached
// the list's end (so a project no page lists is known to be missing), the user's record per
// project replaced by a commitment's answer and by the frame of its distribution (which also moves
// the project on), the published allocations; the user's part forgotten
// at logout while the public part stays.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import {
  allocationOf,
  keptAllocations,
  projectOf,
  recordOf,
  subscriptionFold,
} from '../../core/projections/subscription.ts';
import type {
  SubscriptionProject,
  SubscriptionRecord,
} from '../../schemas/api/subscription.schema.ts';
import { foldAll, logged } from '../support/events.ts';
import { paged, project, record } from './subscription-fixtures.ts';

const fold = (events: LoggedEvent[]) => foldAll(subscriptionFold, events);

const listed = (list: SubscriptionProject[], page = 1, size = 100, total = list.length) =>
  logged({
    source: 'api',
    type: 'subscription-projects',
    payload: { page, size, answer: paged(list, page, size, total) },
  });
const records = (list: SubscriptionRecord[], page = 1) =>
  logged({
    source: 'api',
    type: 'subscription-records',
    payload: { page, size: 100, answer: paged(list, page) },
  });
const committed = (answer: SubscriptionRecord) =>
  logged({ source: 'api', type: 'subscription-committed', payload: answer });
const allocation = (projectId: number) =>
  logged({
    source: 'api',
    type: 'subscription-allocation',
    payload: {
      project_id: projectId,
      rule: 'pro-rata-largest-remainder-v1',
      supply: '1000',
      price: '0.5',
      cap: '400',
      computed_at: null,
      entries: [],
    },
  });
const distributed = (list: SubscriptionRecord[]) =>
  logged({
    source: 'socket',
    type: 'subscription-updates',
    payload: { seq: 1, ts: Date.parse('2026-06-01T00:00:00Z'), data: list },
  });
const logout = () => logged({ source: 'intent', type: 'logout', payload: null });

describe('the projects', () => {
  it('keeps each project as last listed, by id', () => {
    const state = fold([
      listed([project(2), project(1)]),
      listed([project(1, { committed: '300', progress: '0.6' })]),
    ]);
    expect(projectOf(state, 1)).toMatchObject({ committed: '300', progress: '0.6' });
    expect(projectOf(state, 2)?.committed).toBe('250');
    expect(projectOf(state, 3)).toBeNull();
  });

  it('knows the list was read to its end only once a page reached it', () => {
    expect(fold([listed([project(3), project(2)], 1, 2, 3)]).listedAll).toBe(false);
    expect(
      fold([listed([project(3), project(2)], 1, 2, 3), listed([project(1)], 2, 2, 3)]).listedAll,
    ).toBe(true);
    // A new first page starts the reading again.
    expect(
      fold([listed([project(1)], 1, 100, 1), listed([project(4), project(3)], 1, 2, 4)]).listedAll,
    ).toBe(false);
  });
});

describe('the user’s records', () => {
  it('keeps one record per project, replaced by the answer of a further commitment', () => {
    const state = fold([records([record(1), record(2)]), committed(record(1, { payment: '150' }))]);
    expect(recordOf(state, 1)?.payment).toBe('150');
    expect(recordOf(state, 2)?.payment).toBe('100');
    expect(state.recordsKnown).toBe(true);
  });

  it('takes the record its distribution pushes, and the project is then distributed', () => {
    const state = fold([
      listed([project(1, { stage: 'finish' }), project(2, { stage: 'finish' })]),
      records([record(1, { stage: 'finish' })]),
      distributed([record(1, { stage: 'winning', winning: '400', refund: '100' })]),
    ]);
    expect(recordOf(state, 1)).toMatchObject({ winning: '400', refund: '100', stage: 'winning' });
    expect(projectOf(state, 1)?.stage).toBe('winning');
    // A batch of a larger distribution: the user has their tokens, the project is not done yet.
    const partway = fold([
      listed([project(2, { stage: 'finish' })]),
      distributed([record(2, { stage: 'finish', winning: '10', refund: '0' })]),
    ]);
    expect(recordOf(partway, 2)?.winning).toBe('10');
    expect(projectOf(partway, 2)?.stage).toBe('finish');
  });

  it('knows there is no record once the first page answered without it', () => {
    expect(fold([records([], 2)]).recordsKnown).toBe(false);
    expect(fold([records([])]).recordsKnown).toBe(true);
  });

  it('forgets them at logout and keeps the public projects and allocations', () => {
    const state = fold([listed([project(1)]), records([record(1)]), allocation(1), logout()]);
    expect(recordOf(state, 1)).toBeNull();
    expect(state.recordsKnown).toBe(false);
    expect(projectOf(state, 1)).not.toBeNull();
    expect(allocationOf(state, 1)).not.toBeNull();
  });
});

describe('the published allocations', () => {
  it('keeps the last ones asked for, each once', () => {
    const asked = Array.from({ length: keptAllocations + 2 }, (_, i) => allocation(i + 1));
    const state = fold([...asked, allocation(3)]);
    expect(state.allocations).toHaveLength(keptAllocations);
    expect(state.allocations.at(-1)?.project_id).toBe(3);
    expect(allocationOf(state, 1)).toBeNull();
  });
});
