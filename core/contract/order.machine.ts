// One perpetual order's life on the client: the form being edited (direction, type, amounts,
// leverage, margin mode, TP/SL), checked, sent, then followed until it rests or is done, or the
// server refuses it with its message in the user's language. The order's life up to the answer is
// the intent machine's (core/machines/intent.machine.ts); following it on the book is this one's.
import { assertEvent } from 'xstate';
import type { ContractOrder, MarginMode } from '../../schemas/api/contract.schema.ts';
import { formIntent, typedField } from '../machines/form-intent.ts';
import {
  type IntentCheck,
  type IntentContext,
  intentMachine,
  type NotDone,
  type SettledTransitions,
} from '../machines/intent.machine.ts';
import type { Direction } from './margin.ts';
import {
  type ContractOrderForm,
  type ContractOrderType,
  type ContractProblem,
  emptyContractForm,
} from './order-form.ts';

/** What the machine needs of an order to follow it. */
export interface FollowedContractOrder {
  id: number;
  status: ContractOrder['status'];
}

type ShownProblem = ContractProblem & { params?: Readonly<Record<string, string | number>> };

export type ContractCheck = IntentCheck<ShownProblem>;

export type ContractPlaceResult = { kind: 'placed'; order: FollowedContractOrder } | NotDone;

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

export interface ContractOrderContext extends IntentContext<ShownProblem> {
  form: ContractOrderForm;
  order: FollowedContractOrder | null;
  /** The followed order left the book without its final state being told (ORDER_LEFT). */
  left: boolean;
}

const resting = (order: FollowedContractOrder | null) =>
  order?.status === 'open' || order?.status === 'partially_filled';

const { edit, sent } = formIntent<ContractOrderForm, ContractOrderEvent>({
  CHANGE: typedField,
  DIRECTION: (event) => ({ direction: event.direction }),
  ORDER_TYPE: (event) => ({ type: event.orderType }),
  TPSL: (event) => ({ tpSl: event.on }),
  SETTINGS: (event) => ({ leverage: event.leverage, marginMode: event.marginMode }),
});

const settledOn = (settled: SettledTransitions) => ({ ...settled.edits, ...settled.submit });

export const contractOrderMachine = intentMachine<
  ContractOrderContext,
  ContractOrderEvent,
  ShownProblem,
  { form: ContractOrderForm },
  ContractPlaceResult,
  Partial<Pick<ContractOrderForm, 'direction' | 'price' | 'leverage' | 'marginMode'>>,
  'placed' | 'resting' | 'done'
>({
  id: 'contractOrder',
  context: (input) => ({
    form: { ...emptyContractForm, ...input },
    problem: null,
    order: null,
    left: false,
    message: null,
  }),
  // Leverage and margin mode, chosen or taken over from the market, adjust the form where it is.
  edits: { CHANGE: 'new', DIRECTION: 'new', ORDER_TYPE: 'new', TPSL: 'new', SETTINGS: 'inPlace' },
  submit: 'SUBMIT',
  edit,
  sent,
  done: {
    target: 'placed',
    // The quantity is cleared so a second tap cannot send the same order by mistake.
    record: ({ form }, answer) => ({ order: answer.order, form: { ...form, quantity: '' } }),
    cleared: { order: null, left: false },
  },
  follow: {
    actors: {},
    guards: {
      isThisOrder: ({ context, event }) => {
        assertEvent(event, ['ORDER_UPDATE', 'ORDER_LEFT']);
        const id = event.type === 'ORDER_UPDATE' ? event.order.id : event.id;
        return id === context.order?.id;
      },
      rests: ({ context }) => resting(context.order),
    },
    changes: {
      follow: ({ event }) => {
        assertEvent(event, 'ORDER_UPDATE');
        return { order: event.order };
      },
      noteLeft: () => ({ left: true }),
    },
    states: (settled) => ({
      /** Routes to whether the placed order still rests on the book. */
      placed: { always: [{ guard: 'rests', target: 'resting' }, { target: 'done' }] },
      resting: {
        on: {
          ...settledOn(settled),
          ORDER_UPDATE: { guard: 'isThisOrder', target: 'placed', actions: 'follow' },
          ORDER_LEFT: { guard: 'isThisOrder', target: 'done', actions: 'noteLeft' },
        },
      },
      done: { on: settledOn(settled) },
    }),
  },
});
