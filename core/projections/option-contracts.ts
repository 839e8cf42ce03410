// The user's second contracts as the option fold keeps them: the open ones by id, seeded by the
// `current` list and changed by the answer of a placed order and the private `options` frames;
// and the ones seen settling, as they settled. A contract settles once and never opens again, so a
// settled one is remembered and an older answer that still lists it open cannot bring it back.
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { emptyLiveSet, type LiveSet, liveSetOf } from './live-set.ts';

export type OptionContractsState = LiveSet<OptionContract>;

export const initialOptionContracts: OptionContractsState = emptyLiveSet();

/** Settled contracts remembered; the first to settle go first. */
export const keptSettled = 20;

export const optionContracts = liveSetOf<OptionContract>({
  isLive: (contract) => contract.status === 'open',
  // A contract changes once, from open to settled: only an open state can be older than the shown.
  isNewer: (next, shown) => !shown || next.status === 'settled' || shown.status === 'open',
  kept: keptSettled,
});

/** How a contract settled, when it was seen settling. */
export const settledContract = optionContracts.finished;
/** Open contracts, newest first; of one market when `symbol` is given. */
export const openContracts = optionContracts.live;
