// What the subscription pages load: pages of the projects (a project by id is looked for page by
// page), the user's records, a project's published allocation, and the funding wallet. Requests
// and answers go into the log, where the projections fold them.
import {
  subscriptionAllocation,
  subscriptionList,
  subscriptionRecords,
} from '../../schemas/api/subscription.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { fullPage } from '../product-kit/payment.ts';
import { loadBalances } from '../wallet/loaders.ts';

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn'>;

export async function loadProjects(context: Context, page: number, size: number) {
  const query = { page, size };
  context.record({ source: 'intent', type: 'subscription-projects-requested', payload: query });
  const outcome = await context.call(subscriptionList, query);
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'subscription-projects',
      payload: { ...query, answer: outcome.data },
    });
  }
  return outcome;
}

/** Pages of the projects until one lists the project, or the list ends. */
export async function findProject(context: Context, id: number): Promise<Outcome<null>> {
  for (let page = 1; ; page++) {
    const outcome = await loadProjects(context, page, fullPage);
    if (!outcome.ok) return outcome;
    const { list, total } = outcome.data;
    const found = list.some((project) => project.id === id);
    if (found || list.length === 0 || page * fullPage >= total) return { ok: true, data: null };
  }
}

export async function loadRecords(context: Context, page: number, size: number) {
  const query = { page, size };
  context.record({ source: 'intent', type: 'subscription-records-requested', payload: query });
  const outcome = await context.call(subscriptionRecords, query);
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'subscription-records',
      payload: { ...query, answer: outcome.data },
    });
  }
  return outcome;
}

export async function loadAllocation(context: Context, projectId: number) {
  const query = { project_id: projectId };
  context.record({ source: 'intent', type: 'subscription-allocation-requested', payload: query });
  const outcome = await context.call(subscriptionAllocation, query);
  if (outcome.ok) {
    context.record({ source: 'api', type: 'subscription-allocation', payload: outcome.data });
  }
  return outcome;
}

/** The buy page's data: the project; signed in, the user's records and the wallet too. */
export async function refreshProject(context: Context, id: number): Promise<Outcome<null>> {
  const loads: Promise<Outcome<unknown>>[] = [findProject(context, id)];
  if (context.loggedIn()) loads.push(loadRecords(context, 1, fullPage), loadBalances(context));
  const outcomes = await Promise.all(loads);
  const failed = outcomes.find((outcome) => !outcome.ok);
  return failed && !failed.ok ? failed : { ok: true, data: null };
}
