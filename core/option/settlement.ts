// The second contract's rule, as published (docs/options.md): one pure function of a contract and
// the two index prints it reads, used by the server to settle and by the page to show and recheck
// the outcome. Prices and money in atoms (10^-8), times in ms, the payout rate in parts per 10^6.
//
// - The opening print is the first fresh print at or after the opening time; the settlement print
//   the first fresh print at or after the expiry time; each within `printToleranceMs`.
// - Up wins when settlement > opening, down when settlement < opening; equal prices refund.
// - No fresh print within the tolerance of either time (a stale feed, a server down): void, and
//   the stake is refunded.
// - A win pays stake × (1 + rate), rounded down to the atom.

export type OptionDirection = 'up' | 'down';
export type OptionOutcome = 'win' | 'lose' | 'refund' | 'void';

/** One recorded index print: a whole second, the price, whether the index was stale. */
export interface IndexPrint {
  ts: number;
  price: bigint;
  stale: boolean;
}

export interface OptionTerms {
  direction: OptionDirection;
  stake: bigint;
  /** The payout rate published when it was placed, parts per 10^6 (850000 = 85 %). */
  ratePpm: number;
  openTime: number;
  expiryTime: number;
}

export interface OptionResult {
  outcome: OptionOutcome;
  /** What the pool pays back to the trader: 0 on a loss. */
  payout: bigint;
}

/** How long either time waits for a fresh print before the contract is void. */
export const printToleranceMs = 5000;

export const ppm = 1_000_000n;

/** What a win pays: the stake and the rate's share of it, rounded down to the atom. */
export function winPayout(stake: bigint, ratePpm: number): bigint {
  return stake + (stake * BigInt(ratePpm)) / ppm;
}

/**
 * The print a time reads: the first fresh one at or after `at` and within the tolerance. `prints`
 * are in time order; a stale print is passed over (a later fresh one in the window still counts).
 */
export function printAt<P extends IndexPrint>(prints: readonly P[], at: number): P | null {
  for (const print of prints) {
    if (print.ts < at || print.stale) continue;
    return print.ts <= at + printToleranceMs ? print : null;
  }
  return null;
}

/**
 * What a group's two prints (null: none was found in time) mean for an up contract: contracts
 * that share a market, an opening second and an expiry read the same prints, so one outcome
 * decides them all; a down contract's is its mirror.
 */
export function upOutcome(
  opening: IndexPrint | null,
  settlement: IndexPrint | null,
): OptionOutcome {
  if (!opening || !settlement) return 'void';
  if (settlement.price === opening.price) return 'refund';
  return settlement.price > opening.price ? 'win' : 'lose';
}

/** A contract's outcome from its group's up outcome. */
export function outcomeOf(direction: OptionDirection, up: OptionOutcome): OptionOutcome {
  if (direction === 'up' || up === 'refund' || up === 'void') return up;
  return up === 'win' ? 'lose' : 'win';
}

/** What the pool pays back for an outcome: the win payout, the stake on a refund or void, or 0. */
export function payoutOf(outcome: OptionOutcome, stake: bigint, ratePpm: number): bigint {
  switch (outcome) {
    case 'win':
      return winPayout(stake, ratePpm);
    case 'lose':
      return 0n;
    default:
      return stake;
  }
}

/** The outcome of a contract from its two prints (null: none was found in time). */
export function settle(
  terms: OptionTerms,
  opening: IndexPrint | null,
  settlement: IndexPrint | null,
): OptionResult {
  const outcome = outcomeOf(terms.direction, upOutcome(opening, settlement));
  return { outcome, payout: payoutOf(outcome, terms.stake, terms.ratePpm) };
}

/** The opening time of a contract accepted at `acceptedAt`: the next whole second, or that second. */
export function openTimeOf(acceptedAt: number): number {
  return Math.ceil(acceptedAt / 1000) * 1000;
}

/**
 * Whether a contract can be settled at `now` from what has been recorded: both prints found, or
 * the window of one has passed without a fresh print (void).
 */
export function isDecided(
  terms: Pick<OptionTerms, 'openTime' | 'expiryTime'>,
  opening: IndexPrint | null,
  settlement: IndexPrint | null,
  now: number,
): boolean {
  if (!opening && now > terms.openTime + printToleranceMs) return true;
  if (settlement) return opening !== null;
  return now > terms.expiryTime + printToleranceMs;
}
