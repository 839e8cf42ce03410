// An open contract's opening price, learned while it runs: the server records it with the contract
// only when it settles, but the print it opens on is public the second it is recorded. Once the
// socket's clock has passed a contract's opening second, its opening window's prints are asked for
// (`/market/prints`), and again a few seconds apart until the rule's print is among them: prints
// are recorded in time order, so a window answered so far holds every print up to its newest one.

import { printToleranceMs } from '../../core/option/settlement.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { openingPrint } from '../../core/projections/option.ts';
import { openContracts } from '../../core/projections/option-contracts.ts';
import type { DomainContext } from '../kernel/context.ts';
import { loadPrints } from './loaders.ts';

/** How long after the opening second the first ask waits: the print is recorded on that second. */
export const firstAskAfterMs = 1500;
/** Between two asks of one window, by the socket's clock. */
export const askEveryMs = 2000;
/** Past the window and a little more, nothing new will be recorded in it: the settlement says. */
const lastAskAfterMs = printToleranceMs + 3000;

/** The server's time as its frames tell it: the newest ticker frame's. */
export function socketTime(view: ClientView): number | null {
  let newest: number | null = null;
  for (const ticker of Object.values(view.tickers)) {
    if (newest === null || ticker.ts > newest) newest = ticker.ts;
  }
  return newest;
}

/** When each contract's window was last asked for, per running worker. */
const asked = new WeakMap<DomainContext, Map<number, number>>();

export function askOpenings(after: ClientView, context: DomainContext): void {
  if (!context.loggedIn()) return;
  const now = socketTime(after);
  if (now === null) return;
  let times = asked.get(context);
  const open = openContracts(after.option.contracts);
  if (times) {
    // A settled contract is asked for no more.
    for (const id of times.keys())
      if (!open.some((contract) => contract.id === id)) times.delete(id);
  }
  for (const contract of open) {
    const openTime = Date.parse(contract.open_time);
    if (now < openTime + firstAskAfterMs || now > openTime + lastAskAfterMs + askEveryMs) continue;
    if (openingPrint(after.option, contract) !== null) continue;
    const last = times?.get(contract.id);
    if (last !== undefined && (now - last < askEveryMs || last > openTime + lastAskAfterMs)) {
      continue;
    }
    if (!times) {
      times = new Map();
      asked.set(context, times);
    }
    times.set(contract.id, now);
    void loadPrints(context, contract.symbol, openTime, openTime + printToleranceMs);
  }
}
