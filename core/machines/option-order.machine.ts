// The second contract's order form on the client: a duration and a stake being chosen; up or down
// tapped, which checks the stake and sends the order; then the contract placed, or the server's
// refusal in the user's language, or no answer (sending again reuses the idempotency key). The
// stake stays after a contract is placed, so the next one is a tap away. Effects are named actors,
// swapped in tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import type { DurationUnit } from '../option/durations.ts';
import type { OptionDirection } from '../option/settlement.ts';
import type { StakeRule } from '../option/stake.ts';

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

export type OptionCheck = { ok: true } | { ok: false; problem: OptionFormProblem };

export type OptionPlaceResult =
  | { kind: 'placed'; id: number }
  /** The server refused it: its message, already in the user's language. */
  | { kind: 'rejected'; message: string }
  /** No answer: it may or may not have been placed. A retry sends the same idempotency key. */
  | { kind: 'unknown' };

export type OptionOrderEvent =
  | { type: 'STAKE'; value: string }
  | { type: 'DURATION'; unit: DurationUnit; length: number }
  /** Up or down tapped: the contract is checked and placed in that direction. */
  | { type: 'PLACE'; direction: OptionDirection }
  | { type: 'RETRY' };

export interface OptionOrderContext {
  form: OptionOrderForm;
  problem: OptionFormProblem | null;
  /** The contract the last order placed. */
  placed: number | null;
  message: string | null;
}

/** Changing the form starts a new intent, whatever became of the last one. */
const edit = {
  STAKE: { target: '#optionOrder.editing', actions: 'edit' },
  DURATION: { target: '#optionOrder.editing', actions: 'edit' },
} as const;
const place = { PLACE: { target: '#optionOrder.validating', actions: 'edit' } } as const;

const formOf = ({ context }: { context: OptionOrderContext }) => ({ form: context.form });

function edited(form: OptionOrderForm, event: OptionOrderEvent): OptionOrderForm {
  switch (event.type) {
    case 'STAKE':
      return { ...form, stake: event.value };
    case 'DURATION':
      return { ...form, unit: event.unit, length: event.length };
    case 'PLACE':
      return { ...form, direction: event.direction };
    default:
      return form;
  }
}

export const optionOrderMachine = setup({
  types: {
    context: {} as OptionOrderContext,
    events: {} as OptionOrderEvent,
    input: {} as Partial<OptionOrderForm> | undefined,
  },
  actors: {
    check: fromPromise<OptionCheck, { form: OptionOrderForm }>(async () => ({ ok: true })),
    place: fromPromise<OptionPlaceResult, { form: OptionOrderForm }>(async () => ({
      kind: 'unknown',
    })),
  },
  actions: {
    edit: assign({ form: ({ context, event }) => edited(context.form, event), problem: null }),
    noteProblem: assign((_, check: OptionCheck) => ({ problem: check.ok ? null : check.problem })),
    noteOutcome: assign((_, result: OptionPlaceResult) => ({
      placed: result.kind === 'placed' ? result.id : null,
      message: result.kind === 'rejected' ? result.message : null,
    })),
  },
  guards: {
    refused: (_, check: OptionCheck) => !check.ok,
  },
}).createMachine({
  id: 'optionOrder',
  context: ({ input }) => ({
    form: { ...emptyOptionForm, ...input },
    problem: null,
    placed: null,
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: { on: { ...edit, ...place } },
    validating: {
      invoke: {
        src: 'check',
        input: formOf,
        onDone: [
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'noteProblem', params: ({ event }) => event.output },
          },
          { target: 'submitting' },
        ],
        onError: 'editing',
      },
    },
    submitting: {
      invoke: {
        src: 'place',
        input: formOf,
        onDone: {
          target: 'answered',
          actions: { type: 'noteOutcome', params: ({ event }) => event.output },
        },
        onError: {
          target: 'uncertain',
          actions: { type: 'noteOutcome', params: { kind: 'unknown' } },
        },
      },
    },
    /** Routes to what the answer said: placed, refused, or nothing that could be read. */
    answered: {
      always: [
        { guard: ({ context }) => context.placed !== null, target: 'placed' },
        { guard: ({ context }) => context.message !== null, target: 'rejected' },
        { target: 'uncertain' },
      ],
    },
    /** Sent, no answer: sending again (the same direction) reuses its key. */
    uncertain: {
      on: {
        ...edit,
        RETRY: 'submitting',
        PLACE: [
          {
            guard: ({ context, event }) => event.direction === context.form.direction,
            target: 'submitting',
          },
          { target: 'validating', actions: 'edit' },
        ],
      },
    },
    rejected: { on: { ...edit, ...place } },
    placed: { on: { ...edit, ...place } },
  },
});
