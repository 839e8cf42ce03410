// One spot order's life on the client: the form being edited, checked, sent, then followed until
// it rests, fills or is cancelled, or the server refuses it (with its message in the user's
// language). The order's life up to the answer is the intent machine's
// (core/machines/intent.machine.ts); following it on the book is this one's.
import { assertEvent, type DoneActorEvent, fromPromise, type PromiseActorLogic } from 'xstate';
import type { SpotOrderStatus } from '../../schemas/api/spot.schema.ts';
import { formIntent, typedField } from '../machines/form-intent.ts';
import {
  type IntentCheck,
  type IntentContext,
  intentMachine,
  type NotDone,
  type SettledTransitions,
} from '../machines/intent.machine.ts';
import {
  emptySpotForm,
  type OrderField,
  type OrderProblem,
  type SpotOrderForm,
  type SpotSide,
  type SpotType,
} from './order-form.ts';

/** What the machine needs of an order to follow it. */
export interface FollowedOrder {
  id: number;
  status: SpotOrderStatus;
}

export type CheckResult<P extends OrderProblem = OrderProblem> = IntentCheck<P>;

export type PlaceResult = { kind: 'placed'; order: FollowedOrder } | NotDone;

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

type SpotProblem = OrderProblem & { params?: Readonly<Record<string, string | number>> };

/** `message` is the server's refusal of the order or of its cancellation. */
export interface SpotOrderContext extends IntentContext<SpotProblem> {
  form: SpotOrderForm;
  order: FollowedOrder | null;
}

const { edit, sent } = formIntent<SpotOrderForm, SpotOrderEvent>({
  CHANGE: typedField,
  SIDE: (event) => ({ side: event.side }),
  ORDER_TYPE: (event) => ({ type: event.orderType }),
});

/** A placed order is followed on the book until it fills or is cancelled. */
const resting = (settled: SettledTransitions) => ({
  on: {
    ...settled.edits,
    ...settled.submit,
    CANCEL: 'cancelling',
    ORDER_UPDATE: { guard: 'isThisOrder', target: 'following', actions: 'followOrder' },
  },
});

export const spotOrderMachine = intentMachine<
  SpotOrderContext,
  SpotOrderEvent,
  SpotProblem,
  { form: SpotOrderForm },
  PlaceResult,
  { side?: SpotSide; price?: string },
  'following' | 'open' | 'partiallyFilled' | 'cancelling' | 'filled' | 'cancelled',
  { cancel: PromiseActorLogic<CancelResult, { id: number }> }
>({
  id: 'spotOrder',
  context: (input) => ({
    form: { ...emptySpotForm, side: input?.side ?? 'buy', price: input?.price ?? '' },
    problem: null,
    order: null,
    message: null,
  }),
  edits: { CHANGE: 'new', SIDE: 'new', ORDER_TYPE: 'new' },
  submit: 'SUBMIT',
  edit,
  sent,
  done: {
    target: 'following',
    // The amounts are cleared so a second tap cannot send the same order again by mistake.
    record: ({ form }, answer) => ({
      order: answer.order,
      form: { ...form, quantity: '', turnover: '' },
    }),
    cleared: { order: null },
  },
  follow: {
    actors: {
      cancel: fromPromise<CancelResult, { id: number }>(async () => ({ ok: false, message: '' })),
    },
    guards: {
      isThisOrder: ({ context, event }) => {
        assertEvent(event, 'ORDER_UPDATE');
        return event.order.id === context.order?.id;
      },
      hasStatus: ({ context }, status: SpotOrderStatus) => context.order?.status === status,
    },
    changes: {
      followOrder: ({ event }) => {
        assertEvent(event, 'ORDER_UPDATE');
        return { order: event.order };
      },
      clearMessage: () => ({ message: null }),
      // A refused cancel leaves the order as it was told, with the refusal beside it.
      noteCancel: (_, result: CancelResult) =>
        result.ok ? { order: result.order } : { message: result.message },
    },
    states: (settled) => ({
      /** Routes to the state of the order's status. */
      following: {
        always: [
          { guard: { type: 'hasStatus', params: 'filled' }, target: 'filled' },
          { guard: { type: 'hasStatus', params: 'cancelled' }, target: 'cancelled' },
          { guard: { type: 'hasStatus', params: 'partially_filled' }, target: 'partiallyFilled' },
          { target: 'open' },
        ],
      },
      open: resting(settled),
      partiallyFilled: resting(settled),
      cancelling: {
        entry: 'clearMessage',
        on: {
          // It may fill while the cancel is on its way; the cancel's answer then says so.
          ORDER_UPDATE: { guard: 'isThisOrder', actions: 'followOrder' },
        },
        invoke: {
          src: 'cancel',
          input: ({ context }: { context: SpotOrderContext }) => ({ id: context.order?.id ?? 0 }),
          onDone: {
            target: 'following',
            actions: {
              type: 'noteCancel',
              params: ({ event }: { event: DoneActorEvent<CancelResult> }) => event.output,
            },
          },
          onError: 'following',
        },
      },
      filled: { on: { ...settled.edits, ...settled.submit } },
      cancelled: { on: { ...settled.edits, ...settled.submit } },
    }),
  },
});
