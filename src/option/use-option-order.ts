// The order form's machine with its effects bound to the worker: the check is the worker's review
// of the stake (bounds, wallet), placing goes through its API client with one idempotency key per
// intent; the review of what is typed (the odds at the published rate) follows the form.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type OptionCheck,
  type OptionOrderForm,
  type OptionPlaceResult,
  optionOrderMachine,
} from '../../core/machines/option-order.machine.ts';
import type { OptionReview } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';

export function useOptionOrder(symbol: string) {
  const { core } = useApp();
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
            if (outcome.ok) return { kind: 'placed', id: outcome.data.id };
            const { failure } = outcome;
            // A refusal is definite; anything else may have been placed, so a retry reuses the key.
            if (failure.kind === 'business' || failure.kind === 'session') {
              return { kind: 'rejected', message: failure.msg };
            }
            return { kind: 'unknown' };
          }),
        },
      }),
    [core, symbol],
  );
  return useMachine(machine);
}

/** The odds of the form as typed, worked out again when it or the wallet (`version`) changes. */
export function useOptionReview(form: OptionOrderForm, version: unknown): OptionReview | null {
  const { core } = useApp();
  const [review, setReview] = useState<OptionReview | null>(null);
  useEffect(() => {
    void version;
    let current = true;
    void core.reviewOption(form).then((answer) => {
      if (current) setReview(answer);
    });
    return () => {
      current = false;
    };
  }, [core, form, version]);
  return review;
}
