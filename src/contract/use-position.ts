// A position's machine with its effects bound to the worker: TP/SL, margin and leverage changes
// and closes through its API client (one idempotency key per intent), and the end as the view
// tells it (the positions channel, then the history's reason).
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type AdjustInput,
  type CloseInput,
  contractPositionMachine,
  type StepResult,
} from '../../core/machines/contract-position.machine.ts';
import type { ContractCloseReason, Outcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';

function stepResult(outcome: Outcome<unknown> | null): StepResult {
  if (outcome?.ok) return { kind: 'done' };
  const failure = outcome?.failure;
  // A refusal is definite; anything else may have run, so sending it again reuses the key.
  if (failure?.kind === 'business' || failure?.kind === 'session') {
    return { kind: 'rejected', message: failure.msg };
  }
  return { kind: 'unknown' };
}

/** `ended` is the reason once the position left the open ones (null while unknown), else false. */
export function usePosition(id: number, symbol: string, ended: ContractCloseReason | null | false) {
  const core = useWorker();
  const machine = useMemo(
    () =>
      contractPositionMachine.provide({
        actors: {
          adjust: fromPromise<StepResult, AdjustInput>(async ({ input }) => {
            const { change } = input;
            if (!change) return { kind: 'unknown' };
            const outcome =
              change.kind === 'leverage'
                ? await core.setContractLeverage(symbol, change.leverage).catch(() => null)
                : await core.changePosition(input.id, change).catch(() => null);
            return stepResult(outcome);
          }),
          close: fromPromise<StepResult, CloseInput>(async ({ input }) => {
            if (!input.close) return { kind: 'unknown' };
            return stepResult(await core.closeContract(input.id, input.close).catch(() => null));
          }),
        },
      }),
    [core, symbol],
  );
  const [snapshot, send] = useMachine(machine, { input: { id } });
  useEffect(() => {
    if (ended !== false) send({ type: 'ENDED', reason: ended });
  }, [ended, send]);
  return { snapshot, send };
}
