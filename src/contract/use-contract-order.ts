// The order form's machine with its effects bound to the worker: the check is the worker's review
// (market, mark, wallet, positions), placing goes through its API client with one idempotency key
// per intent. The followed order is told from the view's resting orders and, once it finished, from
// the orders it saw finish (filled, or cancelled with its reason).
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  type ContractCheck,
  type ContractPlaceResult,
  contractOrderMachine,
} from '../../core/contract/order.machine.ts';
import type { ContractOrderForm, ContractOrderRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { sentResult } from '../ui/sent-result.ts';

export function useContractOrder(
  symbol: string,
  resting: readonly ContractOrderRow[],
  finished: readonly ContractOrderRow[],
) {
  const core = useWorker();
  const machine = useMemo(
    () =>
      contractOrderMachine.provide({
        actors: {
          check: fromPromise<ContractCheck, { form: ContractOrderForm }>(async ({ input }) => {
            const review = await core.reviewContractOrder(symbol, input.form);
            return review.problem ? { ok: false, problem: review.problem } : { ok: true };
          }),
          place: fromPromise<ContractPlaceResult, { form: ContractOrderForm }>(
            async ({ input }) => {
              const outcome = await core.openContract(symbol, input.form);
              // A refusal is definite; anything else may have been placed, so a retry reuses the key.
              return sentResult(outcome, (order) => ({ kind: 'placed', order }) as const);
            },
          ),
        },
      }),
    [core, symbol],
  );
  const [snapshot, send] = useMachine(machine);

  const followedId = snapshot.context.order?.id;
  const followed =
    resting.find((order) => order.id === followedId) ??
    finished.find((order) => order.id === followedId) ??
    null;
  // Once seen resting, an order missing from both lists left the book without a word of how.
  const seenResting = useRef<number | null>(null);
  useEffect(() => {
    if (followedId === undefined) return;
    if (followed) {
      if (followed.open) seenResting.current = followedId;
      send({ type: 'ORDER_UPDATE', order: followed });
    } else if (seenResting.current === followedId) {
      send({ type: 'ORDER_LEFT', id: followedId });
    }
  }, [followed, followedId, send]);

  return { snapshot, send, followed };
}
