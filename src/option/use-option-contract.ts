// A contract's machine, driven by the page's clock and by the worker's view of it: OPENED once its
// opening print is known, TICK every second, SETTLED with the outcome the server recorded.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import {
  type OptionContractState,
  optionContractMachine,
} from '../../core/machines/option-contract.machine.ts';
import type { OptionContractRow } from '../../workers/facade.ts';
import { useNow } from '../ui/use-now.ts';

export function useOptionContract(row: OptionContractRow): {
  state: OptionContractState;
  now: number;
} {
  const [snapshot, send] = useMachine(optionContractMachine, {
    input: { id: row.id, openTime: row.openTime, expiryTime: row.expiryTime },
  });
  const now = useNow();
  const opened = row.opening !== null;
  useEffect(() => send({ type: 'TICK', now }), [now, send]);
  useEffect(() => {
    if (opened) send({ type: 'OPENED' });
  }, [opened, send]);
  useEffect(() => {
    if (row.outcome) send({ type: 'SETTLED', outcome: row.outcome });
  }, [row.outcome, send]);
  return { state: snapshot.value as OptionContractState, now };
}
