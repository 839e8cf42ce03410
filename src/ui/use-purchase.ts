// A purchase form's machine (core/machines/purchase.machine.ts) with its effects bound to the
// worker: the check is the worker's review of the amount, the purchase goes through its API client
// with one idempotency key per intent; and the review of the amount as typed (its problem and what
// it would come to), asked again when it or the wallet changes.
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type {
  PurchaseCheck,
  PurchaseFormProblem,
  PurchaseInput,
  PurchaseResult,
  purchaseMachine,
} from '../../core/machines/purchase.machine.ts';
import type { Outcome } from '../../workers/facade.ts';
import { sentResult } from './sent-result.ts';
import { useReview } from './use-review.ts';

export type NoticeState = 'uncertain' | 'rejected' | 'done' | 'none';

/** What the notice under a form says, from its machine's state (`done` is the state it ends in). */
export function noticeOf(state: unknown, done = 'bought'): NoticeState {
  if (state === 'uncertain' || state === 'rejected') return state;
  return state === done ? 'done' : 'none';
}

export function usePurchaseForm<Rule extends string, T, R extends { problem: unknown }>(
  machine: ReturnType<typeof purchaseMachine<Rule>>,
  /**
   * Each stable while the form is for one thing (`useCallback`s); `review` changes with what it
   * depends on beyond the amount (the wallet's balance), which asks again.
   */
  effects: {
    review(amount: string): Promise<R & { problem: PurchaseFormProblem<Rule> | null }>;
    buy(amount: string): Promise<Outcome<T>>;
    /** What the answer made: the id the notice names. */
    idOf(data: T): number;
  },
) {
  const { review: ask, buy: send, idOf: id } = effects;
  const provided = useMemo(
    () =>
      machine.provide({
        actors: {
          check: fromPromise<PurchaseCheck<Rule>, PurchaseInput>(async ({ input }) => {
            const { problem } = await ask(input.amount);
            return problem ? { ok: false, problem } : { ok: true };
          }),
          place: fromPromise<PurchaseResult, PurchaseInput>(async ({ input }) =>
            sentResult(
              await send(input.amount),
              (data) => ({ kind: 'bought', id: id(data) }) as const,
            ),
          ),
        },
      }),
    [machine, ask, send, id],
  );
  const [snapshot, dispatch] = useMachine(provided);
  const { amount } = snapshot.context;
  const preview = useReview(useCallback(() => ask(amount), [ask, amount]));
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');
  return { snapshot, send: dispatch, preview, busy };
}
