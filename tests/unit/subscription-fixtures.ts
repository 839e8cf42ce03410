// Pre-sale projects, records and allocations as the server answers them, for the client's tests:
// 1,000 MRD at 0.5 USDT (500 USDT of supply), a cap of 400 USDT a user, in its pre-sale on
// 2025-01-01 from 00:00 to 12:00, distributed at 18:00.
import type {
  SubscriptionProject,
  SubscriptionRecord,
} from '../../schemas/api/subscription.schema.ts';

export const startAt = Date.parse('2025-01-01T00:00:00.000Z');
export const endAt = Date.parse('2025-01-01T12:00:00.000Z');
export const distributeAt = Date.parse('2025-01-01T18:00:00.000Z');

const iso = (ms: number) => new Date(ms).toISOString();

export function project(
  id: number,
  overrides: Partial<SubscriptionProject> = {},
): SubscriptionProject {
  return {
    id,
    name: `Meridian token ${id}`,
    asset: 'MRD',
    price: '0.5',
    supply: '1000',
    cap: '400',
    committed: '250',
    participants: 3,
    progress: '0.5',
    start: iso(startAt),
    end: iso(endAt),
    distribute: iso(distributeAt),
    stage: 'presale',
    ...overrides,
  };
}

export function record(
  projectId: number,
  overrides: Partial<SubscriptionRecord> = {},
): SubscriptionRecord {
  return {
    project_id: projectId,
    name: `Meridian token ${projectId}`,
    asset: 'MRD',
    price: '0.5',
    payment: '100',
    winning: null,
    refund: null,
    profit: null,
    profit_ratio: null,
    stage: 'presale',
    committed_at: iso(startAt + 3_600_000),
    ...overrides,
  };
}

/** A paged answer holding the whole list. */
export const paged = <T>(list: T[], page = 1, size = 100, total = list.length) => ({
  list,
  total,
  page,
  size,
});
