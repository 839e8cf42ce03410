// The balances, loaded by the asset center and by any page that checks an amount against them
// (the spot form): one request and one answer in the log, which the balances projection folds.
import { balances } from '../../schemas/api/wallet-balances.schema.ts';
import type { DomainContext } from '../kernel/context.ts';

export async function loadBalances(context: Pick<DomainContext, 'call' | 'record'>) {
  context.record({ source: 'intent', type: 'wallet-balances-requested', payload: null });
  const outcome = await context.call(balances, {});
  if (outcome.ok) context.record({ source: 'api', type: 'wallet-balances', payload: outcome.data });
  return outcome;
}
