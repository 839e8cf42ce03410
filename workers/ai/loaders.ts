// What the AI ETF pages load: the products on sale, pages of the user's orders (the first page of
// the active ones says which are active), and the funding wallet. Requests and answers go into the
// log, where the projections fold them.
import type { AiOrderList } from '../../core/ai/events.ts';
import { aiOrders, aiProducts } from '../../schemas/api/ai.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { fullPage } from '../product-kit/payment.ts';
import { loadBalances } from '../wallet/loaders.ts';

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn'>;

export async function loadProducts(context: Context) {
  context.record({ source: 'intent', type: 'ai-products-requested', payload: null });
  const outcome = await context.call(aiProducts, {});
  if (outcome.ok) context.record({ source: 'api', type: 'ai-products', payload: outcome.data });
  return outcome;
}

export async function listOrders(
  context: Context,
  status: AiOrderList,
  page: number,
  size: number,
) {
  const query = { status, page, size };
  context.record({ source: 'intent', type: 'ai-orders-requested', payload: query });
  const outcome = await context.call(aiOrders, query);
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'ai-orders',
      payload: { ...query, answer: outcome.data },
    });
  }
  return outcome;
}

/** The section's data: the products; signed in, the active orders and the wallet too. */
export async function refreshAi(context: Context): Promise<Outcome<null>> {
  const loads: Promise<Outcome<unknown>>[] = [loadProducts(context)];
  if (context.loggedIn()) {
    loads.push(listOrders(context, 'active', 1, fullPage), loadBalances(context));
  }
  const outcomes = await Promise.all(loads);
  const failed = outcomes.find((outcome) => !outcome.ok);
  return failed && !failed.ok ? failed : { ok: true, data: null };
}
