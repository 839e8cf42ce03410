// The daily loss limit's "lost today" follows the user's contracts: the server counts it from the
// settlements, so when the private `options` channel says a contract settled, the limits are asked
// for again and the open page shows the loss without a reload.
import type { ClientView } from '../../core/projections/client-view.ts';
import type { DomainContext } from '../kernel/context.ts';
import { loadLimits } from './loaders.ts';

/** Whether a contract settled between the two views: one more is remembered as finished. */
export function settledBetween(before: ClientView, after: ClientView): boolean {
  const seen = new Set(before.option.contracts.finished.map((contract) => contract.id));
  return after.option.contracts.finished.some((contract) => !seen.has(contract.id));
}

export function followLimits(before: ClientView, after: ClientView, context: DomainContext): void {
  if (!context.loggedIn() || before.option.contracts === after.option.contracts) return;
  if (settledBetween(before, after)) void loadLimits(context);
}
