// One spot order's life on the client: the form being edited, checked, sent, then followed until
// it rests, fills or is cancelled, or the server refuses it (with its message in the user's
// language). Effects are named actors, swapped in tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import type { SpotOrderStatus } from '../../schemas/api/spot.schema.ts';
import {
  emptySpotForm,
  type OrderField,
  type OrderProblem,
  type SpotOrderForm,
  type SpotSide,
  type SpotType,
} from '../spot/order-form.ts';

/** What the machine needs of an order to follow it. */
export interface FollowedOrder {
  id: number;
  status: SpotOrderStatus;
}

export type CheckResult<P extends OrderProblem = OrderProblem> =
  | { ok: true }
  | { ok: false; problem: P };

export type PlaceResult =
  | { kind: 'placed'; order: FollowedOrder }
  /** The server refused it: its message, already in the user's language. */
  | { kind: 'rejected'; message: string }
  /** No answer: it may or may not have been placed. A retry sends the same idempotency key. */
  | { kind: 'unknown' };

export type CancelResult = { ok: true; order: FollowedOrder } | { ok: false; message: string };

export type SpotOrderEvent =
  | { type: 'CHANGE'; field: OrderField; value: string }
  | { type: 'SIDE'; side: SpotSide }
  | { type: 'ORDER_TYPE'; orderType: SpotType }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  /** The followed order as the server last sent it (from the orders channel). */
  | { type: 'ORDER_UPDATE'; order: FollowedOrder };

export interface SpotOrderContext {
  form: SpotOrderForm;
  problem: (OrderProblem & { params?: Readonly<Record<string, string | number>> }) | null;
  order: FollowedOrder | null;
  /** The server's refusal of the order or of its cancellation. */
  message: string | null;
}

/** Editing the form starts a new intent, whatever state the last order is in. */
const edit = {
  CHANGE: { target: '#spotOrder.editing', actions: 'changeField' },
  SIDE: { target: '#spotOrder.editing', actions: 'changeSide' },
  ORDER_TYPE: { target: '#spotOrder.editing', actions: 'changeType' },
} as const;

export const spotOrderMachine = setup({
  types: {
    context: {} as SpotOrderContext,
    events: {} as SpotOrderEvent,
    input: {} as { side?: SpotSide; price?: string } | undefined,
  },
  actors: {
    check: fromPromise<CheckResult, { form: SpotOrderForm }>(async () => ({ ok: true })),
    place: fromPromise<PlaceResult, { form: SpotOrderForm }>(async () => ({ kind: 'unknown' })),
    cancel: fromPromise<CancelResult, { id: number }>(async () => ({ ok: false, message: '' })),
  },
  actions: {
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'CHANGE' ? { ...context.form, [event.field]: event.value } : context.form,
      problem: null,
    }),
    changeSide: assign({
      form: ({ context, event }) =>
        event.type === 'SIDE' ? { ...context.form, side: event.side } : context.form,
      problem: null,
    }),
    changeType: assign({
      form: ({ context, event }) =>
        event.type === 'ORDER_TYPE' ? { ...context.form, type: event.orderType } : context.form,
      problem: null,
    }),
    followOrder: assign({
      order: ({ context, event }) => (event.type === 'ORDER_UPDATE' ? event.order : context.order),
    }),
  },
  guards: {
    isThisOrder: ({ context, event }) =>
      event.type === 'ORDER_UPDATE' && event.order.id === context.order?.id,
  },
}).createMachine({
  id: 'spotOrder',
  context: ({ input }) => ({
    form: { ...emptySpotForm, side: input?.side ?? 'buy', price: input?.price ?? '' },
    problem: null,
    order: null,
    message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: { ...edit, SUBMIT: 'validating' },
    },
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
      entry: assign({ message: null, order: null }),
      invoke: {
        src: 'place',
        input: ({ context }) => ({ form: context.form }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'placed',
            target: 'following',
            actions: assign({
              order: ({ event }) => (event.output.kind === 'placed' ? event.output.order : null),
              // The amounts are cleared so a second tap cannot send the same order again by mistake.
              form: ({ context }) => ({ ...context.form, quantity: '', turnover: '' }),
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
    uncertain: {
      on: { ...edit, RETRY: 'submitting', SUBMIT: 'submitting' },
    },
    rejected: {
      on: { ...edit, SUBMIT: 'validating' },
    },
    /** Routes to the state of the order's status. */
    following: {
      always: [
        { guard: ({ context }) => context.order?.status === 'filled', target: 'filled' },
        { guard: ({ context }) => context.order?.status === 'cancelled', target: 'cancelled' },
        {
          guard: ({ context }) => context.order?.status === 'partially_filled',
          target: 'partiallyFilled',
        },
        { target: 'open' },
      ],
    },
    open: {
      on: {
        ...edit,
        SUBMIT: 'validating',
        CANCEL: 'cancelling',
        ORDER_UPDATE: { guard: 'isThisOrder', target: 'following', actions: 'followOrder' },
      },
    },
    partiallyFilled: {
      on: {
        ...edit,
        SUBMIT: 'validating',
        CANCEL: 'cancelling',
        ORDER_UPDATE: { guard: 'isThisOrder', target: 'following', actions: 'followOrder' },
      },
    },
    cancelling: {
      entry: assign({ message: null }),
      on: {
        // It may fill while the cancel is on its way; the cancel's answer then says so.
        ORDER_UPDATE: { guard: 'isThisOrder', actions: 'followOrder' },
      },
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.order?.id ?? 0 }),
        onDone: {
          target: 'following',
          actions: assign(({ context, event }) =>
            event.output.ok
              ? { order: event.output.order }
              : { order: context.order, message: event.output.message },
          ),
        },
        onError: 'following',
      },
    },
    filled: { on: { ...edit, SUBMIT: 'validating' } },
    cancelled: { on: { ...edit, SUBMIT: 'validating' } },
  },
});
