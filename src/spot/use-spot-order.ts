// The order form's machine with its effects bound to the worker: the check and fee come from the
// worker's fold (rules, current price, balance), placing and cancelling go through its API client.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type CancelResult,
  type CheckResult,
  type PlaceResult,
  spotOrderMachine,
} from '../../core/spot/order.machine.ts';
import type { SpotOrderRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { sentResult } from '../ui/sent-result.ts';

/** A failure the worker did not put into words (no answer, unreadable answer). */
const noAnswer = '';

export function useSpotOrder(symbol: string, orders: readonly SpotOrderRow[] | undefined) {
  const core = useWorker();
  const machine = useMemo(
    () =>
      spotOrderMachine.provide({
        actors: {
          check: fromPromise<CheckResult, { form: Parameters<typeof core.reviewSpotOrder>[1] }>(
            async ({ input }) => {
              const review = await core.reviewSpotOrder(symbol, input.form);
              return review.problem ? { ok: false, problem: review.problem } : { ok: true };
            },
          ),
          place: fromPromise<PlaceResult, { form: Parameters<typeof core.placeSpotOrder>[1] }>(
            async ({ input }) => {
              const outcome = await core.placeSpotOrder(symbol, input.form);
              // A refusal is definite; anything else may have been placed, so a retry reuses the key.
              return sentResult(outcome, (order) => ({ kind: 'placed', order }) as const);
            },
          ),
          cancel: fromPromise<CancelResult, { id: number }>(async ({ input }) => {
            const outcome = await core.cancelSpotOrder(input.id);
            if (outcome.ok) return { ok: true, order: outcome.data };
            return {
              ok: false,
              message: outcome.failure.kind === 'business' ? outcome.failure.msg : noAnswer,
            };
          }),
        },
      }),
    [core, symbol],
  );
  const [snapshot, send] = useMachine(machine);

  // The followed order as the orders channel last sent it.
  const followedId = snapshot.context.order?.id;
  const followed = orders?.find((order) => order.id === followedId);
  useEffect(() => {
    if (followed) send({ type: 'ORDER_UPDATE', order: followed });
  }, [followed, send]);

  return { snapshot, send, followed: followed ?? null };
}
