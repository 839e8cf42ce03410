// The pre-sale subscriptions as the client knows them: the projects as last listed (by id, so the
// buy page finds its project), the user's records by project (a commitment's answer, the pages of
// the records; one record per project, since a commitment adds to an earlier one of the same
// project), and the published allocations asked for. The user's part is forgotten at logout; the
// projects and the allocations, which are public, stay.
import type { z } from 'zod/mini';
import type {
  SubscriptionProject,
  SubscriptionRecord,
  subscriptionAllocation,
} from '../../schemas/api/subscription.schema.ts';
import { defineFold } from './fold.ts';

export type PublishedAllocation = z.output<(typeof subscriptionAllocation)['response']>;

export interface SubscriptionView {
  projects: Readonly<Record<number, SubscriptionProject>>;
  /** Whether the pages answered since the last first page reached the end of the list. */
  listedAll: boolean;
  /** The user's records by project id. */
  records: Readonly<Record<number, SubscriptionRecord>>;
  /** Whether the first page of the records has answered since login. */
  recordsKnown: boolean;
  /** Published allocations, the last asked for last. */
  allocations: readonly PublishedAllocation[];
}

export const initialSubscription: SubscriptionView = {
  projects: {},
  listedAll: false,
  records: {},
  recordsKnown: false,
  allocations: [],
};

/** Published allocations remembered. */
export const keptAllocations = 10;

function withRecords(
  state: SubscriptionView,
  list: readonly SubscriptionRecord[],
): SubscriptionView {
  const records: Record<number, SubscriptionRecord> = { ...state.records };
  for (const record of list) records[record.project_id] = record;
  return { ...state, records };
}

/** A project shown still distributing whose record now says it is distributed. */
function withStages(
  state: SubscriptionView,
  list: readonly SubscriptionRecord[],
): SubscriptionView {
  const projects: Record<number, SubscriptionProject> = { ...state.projects };
  for (const record of list) {
    const project = projects[record.project_id];
    if (project && record.stage === 'winning')
      projects[project.id] = { ...project, stage: 'winning' };
  }
  return { ...state, projects };
}

const forgetUser = (state: SubscriptionView): SubscriptionView => ({
  ...state,
  records: {},
  recordsKnown: false,
});

export const subscriptionFold = defineFold(initialSubscription, {
  'subscription-projects': (state, { payload }) => {
    const projects: Record<number, SubscriptionProject> = { ...state.projects };
    for (const project of payload.answer.list) projects[project.id] = project;
    const { page, size, total } = payload.answer;
    const end = page * size >= total;
    return { ...state, projects, listedAll: page === 1 ? end : state.listedAll || end };
  },
  'subscription-committed': (state, { payload }) => withRecords(state, [payload]),
  // A distribution tells each of its users their record, and so how far the project has come.
  'subscription-updates': (state, { payload }) =>
    withStages(withRecords(state, payload.data), payload.data),
  'subscription-records': (state, { payload }) => {
    const next = withRecords(state, payload.answer.list);
    return payload.page === 1 ? { ...next, recordsKnown: true } : next;
  },
  'subscription-allocation': (state, { payload }) => ({
    ...state,
    allocations: [
      ...state.allocations.filter((shown) => shown.project_id !== payload.project_id),
      payload,
    ].slice(-keptAllocations),
  }),
  logout: forgetUser,
  'session-expired': forgetUser,
});

export function projectOf(view: SubscriptionView, id: number): SubscriptionProject | null {
  return view.projects[id] ?? null;
}

/** The user's commitment to a project: its record, or none. */
export function recordOf(view: SubscriptionView, projectId: number): SubscriptionRecord | null {
  return view.records[projectId] ?? null;
}

export function allocationOf(
  view: SubscriptionView,
  projectId: number,
): PublishedAllocation | null {
  return view.allocations.find((allocation) => allocation.project_id === projectId) ?? null;
}
