// A trader's realised record on the second contract, from settled contracts: how many won and how
// many lost. A refund (equal prices) and a void (no fresh print) decided nothing, so they count in
// neither. Set against the break-even hit rate (odds.ts), it says whether the user is beating the
// published rate.
import type { OptionOutcome } from './settlement.ts';

export interface TrackRecord {
  wins: number;
  losses: number;
  /** Contracts that were refunded or void. */
  undecided: number;
  /** Wins of the decided ones in parts per 10^6, rounded down; null before any was decided. */
  hitRatePpm: number | null;
}

export function trackRecordOf(outcomes: Iterable<OptionOutcome | null>): TrackRecord {
  let wins = 0;
  let losses = 0;
  let undecided = 0;
  for (const outcome of outcomes) {
    if (outcome === 'win') wins += 1;
    else if (outcome === 'lose') losses += 1;
    else if (outcome !== null) undecided += 1;
  }
  const decided = wins + losses;
  return {
    wins,
    losses,
    undecided,
    hitRatePpm: decided === 0 ? null : Math.floor((wins * 1_000_000) / decided),
  };
}
