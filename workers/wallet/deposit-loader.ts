// A page of the user's deposits, loaded by the deposit list and by the deposit page's live view:
// the request and the answer in the log, which the wallet projection folds. Kept apart from the
// balances' loader, which the spot page loads from the start without the wallet's schemas.
import { deposits } from '../../schemas/api/wallet.schema.ts';
import type { DomainContext } from '../kernel/context.ts';

/** Rows per page of the wallet's lists. */
export const walletPageSize = 20;

export async function loadDeposits(context: Pick<DomainContext, 'call' | 'record'>, page: number) {
  context.record({ source: 'intent', type: 'wallet-deposits-requested', payload: { page } });
  const outcome = await context.call(deposits, { page, size: walletPageSize });
  if (outcome.ok) context.record({ source: 'api', type: 'wallet-deposits', payload: outcome.data });
  return outcome;
}
