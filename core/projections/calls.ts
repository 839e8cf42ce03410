// The outcome of each API call the client made, by path: what /debug shows of calls whose answer
// carries nothing a screen draws (sending a code, changing a password), and of failures.
import type { FailureKind } from '../kernel/events.ts';
import { defineFold } from './fold.ts';

export interface CallOutcome {
  ok: boolean;
  failure: FailureKind | null;
  /** Where in the log it was answered. */
  seq: number;
}

export type CallsView = Readonly<Record<string, CallOutcome>>;

export const initialCalls: CallsView = {};

export const callsFold = defineFold(initialCalls, {
  answer: (state, { payload, seq }) => ({
    ...state,
    [payload.path]: { ok: payload.ok, failure: payload.failure ?? null, seq },
  }),
});
