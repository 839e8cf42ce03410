// The pre-sale calls (`/subscription/*`): the projects, a commitment through the writer with its
// idempotency key, the caller's records, and each project's published allocation.
import { displayAmount, parseAmount } from '../../core/money.ts';
import {
  subscriptionAllocation,
  subscriptionBuy,
  subscriptionList,
  subscriptionRecords,
} from '../../schemas/api/subscription.schema.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Allocations } from './allocations.ts';
import { findProjects, listProjects, projectCommitments, recordsOf } from './subscription-store.ts';
import { projectView, recordView, spotPrice } from './subscription-views.ts';
import type { SubscriptionWriter } from './subscription-writer.ts';

/** The published rule's name (docs/subscriptions.md). */
export const allocationRule = 'pro-rata-by-commitment-largest-remainder';

export function subscriptionRoutes(
  routers: { engines: Router; anyNode: Router },
  deps: { db: Db; now(): number; market: MarketService },
  writer: SubscriptionWriter,
  allocations: Allocations,
): void {
  const { db, now } = deps;
  const spotOf = (asset: string) => spotPrice(deps.market, asset);

  const router = routers.engines;
  router.add(subscriptionList, async ({ page, size }) => {
    const { list, total } = await listProjects(db, page, size);
    return { list: list.map((project) => projectView(project, now())), total, page, size };
  });

  router.add(subscriptionBuy, async ({ project_id, amount }, { session, request }) => {
    const key = idempotencyKeyOf(request);
    const atoms = parseAmount(amount);
    if (atoms === null) throw new BusinessError('amount_invalid');
    return writer.commit(
      { userId: session.userId, projectId: project_id, amount: atoms },
      { userId: session.userId, key, path: subscriptionBuy.path, request: { project_id, amount } },
    );
  });

  router.add(subscriptionRecords, async ({ page, size }, { session }) => {
    const { list, total } = await recordsOf(db, session.userId, page, size);
    const rows = await Promise.all(
      list.map(async ({ project, commitment }) => {
        const allocation = (await allocations.of(project))?.get(commitment.account) ?? null;
        return recordView(project, commitment, allocation, now(), spotOf(project.asset));
      }),
    );
    return {
      list: rows,
      total,
      page,
      size,
    };
  });

  // Every commitment of a project, computed from the database on whichever node it reaches: for a
  // large pre-sale, megabytes that never cross the bus.
  routers.anyNode.add(subscriptionAllocation, async ({ project_id }) => {
    const project = (await findProjects(db, [project_id])).get(project_id);
    if (!project) throw new BusinessError('subscription_not_found');
    const allocation = await allocations.of(project);
    const entries = await projectCommitments(db, project_id);
    return {
      project_id,
      rule: allocationRule,
      supply: displayAmount(project.supply),
      price: displayAmount(project.price),
      cap: displayAmount(project.cap),
      computed_at:
        project.allocatedAt === null ? null : new Date(project.allocatedAt).toISOString(),
      entries: entries.map((entry) => {
        const allocated = allocation?.get(entry.account);
        return {
          account: entry.account,
          committed: displayAmount(entry.committed),
          allocated: allocated ? displayAmount(allocated.tokens) : null,
          refund: allocated ? displayAmount(allocated.refund) : null,
        };
      }),
    };
  });
}
