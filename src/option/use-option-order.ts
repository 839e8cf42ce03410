// The order form's machine with its effects bound to the worker: the check is the worker's review
// of the stake (bounds, wallet), placing goes through its API client with one idempotency key per
// intent; the review of what is typed (the odds at the published rate) follows the form.
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type OptionCheck,
  type OptionOrderForm,
  type OptionPlaceResult,
  optionOrderMachine,
} from '../../core/option/order.machine.ts';
import type { OptionReview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { sentResult } from '../ui/sent-result.ts';
import { useReview } from '../ui/use-review.ts';

export function useOptionOrder(symbol: string) {
  const core = useWorker();
  const machine = useMemo(
    () =>
      optionOrderMachine.provide({
        actors: {
          check: fromPromise<OptionCheck, { form: OptionOrderForm }>(async ({ input }) => {
            const review = await core.reviewOption(input.form);
            return review.problem ? { ok: false, problem: review.problem } : { ok: true };
          }),
          place: fromPromise<OptionPlaceResult, { form: OptionOrderForm }>(async ({ input }) => {
            const outcome = await core.placeOption(symbol, input.form);
            // A refusal is definite; anything else may have been placed, so a retry reuses the key.
            return sentResult(outcome, (data) => ({ kind: 'placed', id: data.id }) as const);
          }),
        },
      }),
    [core, symbol],
  );
  return useMachine(machine);
}

/** The odds of the form as typed, worked out again when it or the wallet (`version`) changes. */
export function useOptionReview(form: OptionOrderForm, version: unknown): OptionReview | null {
  const core = useWorker();
  const review = useCallback(() => {
    void version;
    return core.reviewOption(form);
  }, [core, form, version]);
  return useReview(review);
}
