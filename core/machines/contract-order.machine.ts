// One perpetual order's life on the client: the form being edited (direction, type, amounts,
// leverage, margin mode, TP/SL), checked, sent, then followed until it rests or is done, or the
// server refuses it with its message in the user's language. Effects are named actors, swapped in
// tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import type { ContractOrder, MarginMode } from '../../schemas/api/contract.schema.ts';
import type { Direction } from '../contract/margin.ts';
import {
  type ContractOrderForm,
  type ContractOrderType,
  type ContractProblem,
  emptyContractForm,
} from '../contract/order-form.ts';

/** What the machine needs of an order to follow it. */
export interface FollowedContractOrder {
  id: number;
  status: ContractOrder['status'];
}

export type ContractCheck =
  | { ok: true }
  | {
      ok: false;
      problem: ContractProblem & { params?: Readonly<Record<string, string | number>> };
    };

export type ContractPlaceResult =
  | { kind: 'placed'; order: FollowedContractOrder }
  /** The server refused it: its message, already in the user's language. */
  | { kind: 'rejected'; message: string }
  /** No answer: it may or may not have been placed. A retry sends the same idempotency key. */
  | { kind: 'unknown' };

export type TypedField = 'price' | 'quantity' | 'tp' | 'sl';

export type ContractOrderEvent =
  | { type: 'CHANGE'; field: TypedField; value: string }
  | { type: 'DIRECTION'; direction: Direction }
  | { type: 'ORDER_TYPE'; orderType: ContractOrderType }
  | { type: 'TPSL'; on: boolean }
  /** Leverage and margin mode: chosen by the user, or taken over from the market's position. */
  | { type: 'SETTINGS'; leverage: number; marginMode: MarginMode }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  /** The followed order as the server last told it (an answer or a `contract-orders` frame). */
  | { type: 'ORDER_UPDATE'; order: FollowedContractOrder }
  /**
   * The followed order left the resting list with no word of how it ended: the list was loaded
   * again after the socket was down, and the frame that finished it was lost.
   */
  | { type: 'ORDER_LEFT'; id: number };

export interface ContractOrderContext {
  form: ContractOrderForm;
  problem: Extract<ContractCheck, { ok: false }>['problem'] | null;
  order: FollowedContractOrder | null;
  /** The followed order left the book without its final state being told (ORDER_LEFT). */
  left: boolean;
  message: string | null;
}

const resting = (order: FollowedContractOrder | null) =>
  order?.status === 'open' || order?.status === 'partially_filled';

/** Editing starts a new intent, whatever state the last order is in. */
const edit = {
  CHANGE: { target: '#contractOrder.editing', actions: 'edit' },
  DIRECTION: { target: '#contractOrder.editing', actions: 'edit' },
  ORDER_TYPE: { target: '#contractOrder.editing', actions: 'edit' },
  TPSL: { target: '#contractOrder.editing', actions: 'edit' },
  SETTINGS: { actions: 'edit' },
} as const;

function edited(form: ContractOrderForm, event: ContractOrderEvent): ContractOrderForm {
  switch (event.type) {
    case 'CHANGE':
      return { ...form, [event.field]: event.value };
    case 'DIRECTION':
      return { ...form, direction: event.direction };
    case 'ORDER_TYPE':
      return { ...form, type: event.orderType };
    case 'TPSL':
      return { ...form, tpSl: event.on };
    case 'SETTINGS':
      return { ...form, leverage: event.leverage, marginMode: event.marginMode };
    default:
      return form;
  }
}

export const contractOrderMachine = setup({
  types: {
    context: {} as ContractOrderContext,
    events: {} as ContractOrderEvent,
    input: {} as
      | Partial<Pick<ContractOrderForm, 'direction' | 'price' | 'leverage' | 'marginMode'>>
      | undefined,
  },
  actors: {
    check: fromPromise<ContractCheck, { form: ContractOrderForm }>(async () => ({ ok: true })),
    place: fromPromise<ContractPlaceResult, { form: ContractOrderForm }>(async () => ({
      kind: 'unknown',
    })),
  },
  actions: {
    edit: assign({
      form: ({ context, event }) => edited(context.form, event),
      problem: null,
    }),
    follow: assign({
      order: ({ context, event }) => (event.type === 'ORDER_UPDATE' ? event.order : context.order),
    }),
  },
  guards: {
    isThisOrder: ({ context, event }) =>
      (event.type === 'ORDER_UPDATE'
        ? event.order.id
        : event.type === 'ORDER_LEFT'
          ? event.id
          : null) === context.order?.id,
  },
}).createMachine({
  id: 'contractOrder',
  context: ({ input }) => ({
    form: { ...emptyContractForm, ...input },
    problem: null,
    order: null,
    left: false,
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: { on: { ...edit, SUBMIT: 'validating' } },
    validating: {
      invoke: {
        src: 'check',
        input: ({ context }) => ({ form: context.form }),
        onDone: [
          {
            guard: ({ event }) => !event.output.ok,
            target: 'editing',
            actions: assign({
              problem: ({ event }) => (event.output.ok ? null : event.output.problem),
            }),
          },
          { target: 'submitting' },
        ],
        onError: 'editing',
      },
    },
    submitting: {
      entry: assign({ message: null, order: null, left: false }),
      invoke: {
        src: 'place',
        input: ({ context }) => ({ form: context.form }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'placed',
            target: 'placed',
            actions: assign({
              order: ({ event }) => (event.output.kind === 'placed' ? event.output.order : null),
              // The quantity is cleared so a second tap cannot send the same order by mistake.
              form: ({ context }) => ({ ...context.form, quantity: '' }),
            }),
          },
          {
            guard: ({ event }) => event.output.kind === 'rejected',
            target: 'rejected',
            actions: assign({
              message: ({ event }) =>
                event.output.kind === 'rejected' ? event.output.message : null,
            }),
          },
          { target: 'uncertain' },
        ],
        onError: 'uncertain',
      },
    },
    /** Sent, no answer: retrying sends the same intent (and key) again. */
    uncertain: { on: { ...edit, RETRY: 'submitting', SUBMIT: 'submitting' } },
    rejected: { on: { ...edit, SUBMIT: 'validating' } },
    /** Routes to whether the placed order still rests on the book. */
    placed: {
      always: [
        { guard: ({ context }) => resting(context.order), target: 'resting' },
        { target: 'done' },
      ],
    },
    resting: {
      on: {
        ...edit,
        SUBMIT: 'validating',
        ORDER_UPDATE: { guard: 'isThisOrder', target: 'placed', actions: 'follow' },
        ORDER_LEFT: { guard: 'isThisOrder', target: 'done', actions: assign({ left: true }) },
      },
    },
    done: { on: { ...edit, SUBMIT: 'validating' } },
  },
});
