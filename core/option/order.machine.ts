// The second contract's order form on the client: a duration and a stake being chosen; up or down
// tapped, which checks the stake and asks the user to confirm the contract (direction, duration,
// stake, what a win pays) before it sends the order; then the contract placed, or the server's
// refusal in the user's language, or no answer (sending again reuses the idempotency key). The
// stake stays after a contract is placed, so the next one is a tap away. The life is the intent
// machine's (core/machines/intent.machine.ts): this says how the form is edited and what is sent.

import { formIntent } from '../machines/form-intent.ts';
import {
  type IntentCheck,
  type IntentContext,
  intentMachine,
  type NotDone,
} from '../machines/intent.machine.ts';
import type { DurationUnit } from './durations.ts';
import type { OptionDirection } from './settlement.ts';
import type { StakeRule } from './stake.ts';

export interface OptionOrderForm {
  direction: OptionDirection;
  unit: DurationUnit;
  length: number;
  /** As typed. */
  stake: string;
}

export const emptyOptionForm: OptionOrderForm = {
  direction: 'up',
  unit: 'minute',
  length: 1,
  stake: '',
};

/** A stake problem with what its message names, already formatted for the user. */
export interface OptionFormProblem {
  rule: StakeRule;
  params?: Readonly<Record<string, string | number>>;
}

export type OptionCheck = IntentCheck<OptionFormProblem>;

export type OptionPlaceResult = { kind: 'placed'; id: number } | NotDone;

export type OptionOrderEvent =
  | { type: 'STAKE'; value: string }
  | { type: 'DURATION'; unit: DurationUnit; length: number }
  /** Up or down tapped: the contract is checked and placed in that direction. */
  | { type: 'PLACE'; direction: OptionDirection }
  | { type: 'RETRY' };

export interface OptionOrderContext extends IntentContext<OptionFormProblem> {
  form: OptionOrderForm;
  /** The contract the last order placed. */
  placed: number | null;
}

const { edit, sent } = formIntent<OptionOrderForm, OptionOrderEvent>({
  STAKE: (event) => ({ stake: event.value }),
  DURATION: (event) => ({ unit: event.unit, length: event.length }),
  PLACE: (event) => ({ direction: event.direction }),
});

/** Changing the stake or the duration starts a new intent; up or down sends in that direction. */
export const optionOrderMachine = intentMachine<
  OptionOrderContext,
  OptionOrderEvent,
  OptionFormProblem,
  { form: OptionOrderForm },
  OptionPlaceResult,
  Partial<OptionOrderForm>,
  'placed'
>({
  id: 'optionOrder',
  context: (input) => ({
    form: { ...emptyOptionForm, ...input },
    problem: null,
    placed: null,
    message: null,
  }),
  edits: { STAKE: 'new', DURATION: 'new' },
  submit: 'PLACE',
  edit,
  sent,
  done: {
    target: 'placed',
    record: (_, answer) => ({ placed: answer.id }),
    cleared: { placed: null },
  },
  confirms: true,
});
