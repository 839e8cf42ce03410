// What the spot page loads: the markets' rules and, when logged in, the open orders and the
// balances. Requests and answers go into the log, where the projections fold them.
import { type SpotOrderList, spotOrders, spotRules } from '../../schemas/api/spot.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { loadBalances } from '../wallet/loaders.ts';

/** The open orders a refresh loads: the largest page the server gives. */
const openOrdersPage = 100;

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn'>;

export async function refreshSpot(context: Context): Promise<Outcome<null>> {
  const loads: Promise<Outcome<unknown>>[] = [loadRules(context)];
  if (context.loggedIn()) {
    loads.push(listOrders(context, 'current', 1, openOrdersPage), loadBalances(context));
  }
  const outcomes = await Promise.all(loads);
  const failed = outcomes.find((outcome) => !outcome.ok);
  return failed && !failed.ok ? failed : { ok: true, data: null };
}

export async function loadRules(context: Context) {
  context.record({ source: 'intent', type: 'spot-markets-requested', payload: null });
  const outcome = await context.call(spotRules, {});
  if (outcome.ok) context.record({ source: 'api', type: 'spot-markets', payload: outcome.data });
  return outcome;
}

export async function listOrders(
  context: Context,
  status: SpotOrderList,
  page: number,
  size: number,
  symbol?: string,
) {
  const where = { status, page, ...(symbol ? { symbol } : {}) };
  context.record({ source: 'intent', type: 'spot-orders-requested', payload: { ...where, size } });
  const outcome = await context.call(spotOrders, { ...where, size });
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'spot-orders',
      payload: { ...where, list: outcome.data.list },
    });
  }
  return outcome;
}
