// `/option/verify`: a contract recomputed from the recorded prints by the published rule, beside
// what was recorded when it settled, so anyone can check that the two agree. The prints and the
// outcome are public; the stake and payout are shown to the contract's owner only.
import { displayAmount } from '../../core/money.ts';
import {
  isDecided,
  outcomeOf,
  payoutOf,
  printAt,
  printToleranceMs,
  settle,
} from '../../core/option/settlement.ts';
import type { Db } from '../db/database.ts';
import { printsIn, type StoredContract, type StoredPrint } from './option-store.ts';
import { rateText } from './option-views.ts';

/** The rule's name: the first fresh print within 5 s at or after each time (docs/options.md). */
export const ruleName = 'first-fresh-print-within-5s';

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const printView = (print: StoredPrint) => ({
  ts: new Date(print.ts).toISOString(),
  price: displayAmount(print.price),
  sources: print.sources,
  stale: print.stale,
});

export async function verification(
  db: Db,
  { row, settlement: recorded }: StoredContract,
  viewer: number,
  now: number,
  retentionMs: number,
) {
  const prints = await printsIn(db, [
    { symbol: row.symbol, from: row.openTime, to: row.openTime + printToleranceMs },
    { symbol: row.symbol, from: row.expiryTime, to: row.expiryTime + printToleranceMs },
  ]);
  const within = (at: number) =>
    prints.filter((print) => print.ts >= at && print.ts <= at + printToleranceMs);
  const opening = printAt(prints, row.openTime);
  const settlement = printAt(prints, row.expiryTime);
  // Past the retention the prints are gone: the settlement's own record of them is what is left,
  // and nothing can be recomputed.
  const pruned = row.expiryTime + printToleranceMs < now - retentionMs;
  const decided = !pruned && (recorded !== null || isDecided(row, opening, settlement, now));
  const result = decided ? settle(row, opening, settlement) : null;
  const outcome = recorded ? outcomeOf(row.direction, recorded.upOutcome) : null;
  const payout = outcome ? payoutOf(outcome, row.stake, row.ratePpm) : null;
  const mine = row.userId === viewer;
  const matches =
    recorded && result
      ? result.outcome === outcome &&
        result.payout === payout &&
        recorded.openPrice === (opening?.price ?? null) &&
        recorded.settlePrice === (settlement?.price ?? null)
      : null;
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    unit: row.unit,
    length: row.length,
    payout_rate: rateText(row.ratePpm),
    open_time: new Date(row.openTime).toISOString(),
    expiry_time: new Date(row.expiryTime).toISOString(),
    opening: opening ? printView(opening) : null,
    settlement: settlement ? printView(settlement) : null,
    opening_window: within(row.openTime).map(printView),
    settlement_window: within(row.expiryTime).map(printView),
    rule: ruleName,
    status: recorded ? ('settled' as const) : ('open' as const),
    recorded: recorded
      ? {
          open_price: recorded.openPrice === null ? null : displayAmount(recorded.openPrice),
          open_print_at: isoOrNull(recorded.openPrintAt),
          settle_price: recorded.settlePrice === null ? null : displayAmount(recorded.settlePrice),
          settle_print_at: isoOrNull(recorded.settlePrintAt),
          settled_at: new Date(recorded.settledAt).toISOString(),
        }
      : null,
    recorded_outcome: outcome,
    recomputed_outcome: result?.outcome ?? null,
    matches,
    mine,
    stake: mine ? displayAmount(row.stake) : null,
    recorded_payout: mine && payout !== null ? displayAmount(payout) : null,
    recomputed_payout: mine && result ? displayAmount(result.payout) : null,
  };
}
