// The second contract's records as last answered: the user's newest settled contracts (the first
// pages of the history, joined by the contracts the `options` channel settles while the user
// watches), from which the realised hit rate is reckoned; the last page of the history shown; and
// the verifications asked for, so a capture replays them.
import type { z } from 'zod/mini';
import type { OptionContract, optionVerify } from '../../schemas/api/option.schema.ts';
import { defineFold } from './fold.ts';

export type OptionVerification = z.output<(typeof optionVerify)['response']>;

export interface OptionRecordsView {
  /** The newest settled contracts, newest first; null until the history was first loaded. */
  recent: readonly OptionContract[] | null;
  /** The last page of the history answered. */
  history: { page: number; list: readonly OptionContract[] } | null;
  /** Verifications by contract id, the last asked for last. */
  verifications: readonly OptionVerification[];
}

export const initialOptionRecords: OptionRecordsView = {
  recent: null,
  history: null,
  verifications: [],
};

/** Settled contracts the hit rate is reckoned over. */
export const recentKept = 100;
/** Verifications remembered. */
export const keptVerifications = 20;

/** Settled contracts added to the newest ones: each once, newest (highest id) first. */
export function withRecent(
  recent: readonly OptionContract[],
  added: readonly OptionContract[],
): readonly OptionContract[] {
  const byId = new Map(recent.map((contract) => [contract.id, contract]));
  for (const contract of added) if (contract.status === 'settled') byId.set(contract.id, contract);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, recentKept);
}

export const optionRecordsFold = defineFold(initialOptionRecords, {
  'option-contracts': (state, { payload }) => {
    if (payload.status !== 'history') return state;
    const { page, answer } = payload;
    const history = { page, list: answer.list };
    // A first page holds the newest settled contracts; later pages are older than the sample.
    if (page !== 1) return { ...state, history };
    return { ...state, history, recent: withRecent(state.recent ?? [], answer.list) };
  },
  // Settled while the user watched: the sample goes on from the history it was loaded from.
  options: (state, { payload }) =>
    state.recent === null ? state : { ...state, recent: withRecent(state.recent, payload.data) },
  'option-verification': (state, { payload }) => ({
    ...state,
    verifications: [
      ...state.verifications.filter((shown) => shown.id !== payload.id),
      payload,
    ].slice(-keptVerifications),
  }),
  logout: () => initialOptionRecords,
  'session-expired': () => initialOptionRecords,
});

export function verificationOf(view: OptionRecordsView, id: number): OptionVerification | null {
  return view.verifications.find((verification) => verification.id === id) ?? null;
}
