// One open position's life on the client: open, adjusting (TP/SL, margin or leverage on its way),
// closing (a reduce-only order on its way), and its end, closed or liquidated, as the positions
// channel and the history tell it. A change or close that got no answer may have run: the
// machine says so, and sending it again reuses its idempotency key. Effects are named actors.
import { assign, fromPromise, setup } from 'xstate';
import type { ContractCloseReason } from '../../schemas/api/contract.schema.ts';

export type PositionChange =
  /** `quantity` empty: the whole position. */
  | { kind: 'tpsl'; tp: string; sl: string; quantity: string }
  | { kind: 'margin'; action: 'add' | 'remove'; amount: string }
  | { kind: 'leverage'; leverage: number };

export interface CloseRequest {
  type: 'limit' | 'market';
  /** The limit price; empty for a market close. */
  price: string;
  /** Empty closes the whole position. */
  quantity: string;
}

export type StepResult =
  | { kind: 'done' }
  | { kind: 'rejected'; message: string }
  | { kind: 'unknown' };

/** What the steps' actors are given: the position and the step held in the context. */
export type AdjustInput = { id: number; change: PositionChange | null };
export type CloseInput = { id: number; close: CloseRequest | null };

export type PositionEvent =
  | { type: 'ADJUST'; change: PositionChange }
  | { type: 'CLOSE'; close: CloseRequest }
  /** The position left the open ones; the reason once the history says it. */
  | { type: 'ENDED'; reason: ContractCloseReason | null }
  | { type: 'DISMISS' };

export interface PositionContext {
  id: number;
  /** The server's refusal of the last step, in the user's language. */
  message: string | null;
  /** The last step got no answer. */
  uncertain: boolean;
  reason: ContractCloseReason | null;
  /** The step on its way, or the last one sent (a retry sends it again). */
  change: PositionChange | null;
  close: CloseRequest | null;
}

const forced = (reason: ContractCloseReason | null) => reason === 'liquidation' || reason === 'adl';

const end = {
  ENDED: { target: '#contractPosition.ended', actions: 'noteReason' },
} as const;

export const contractPositionMachine = setup({
  types: {
    context: {} as PositionContext,
    events: {} as PositionEvent,
    input: {} as { id: number },
  },
  actions: {
    noteOutcome: assign((_, result: StepResult) => ({
      message: result.kind === 'rejected' ? result.message : null,
      uncertain: result.kind === 'unknown',
    })),
    noteUnanswered: assign({ message: null, uncertain: true }),
    clearNotes: assign({ message: null, uncertain: false }),
    holdStep: assign({
      change: ({ context, event }) => (event.type === 'ADJUST' ? event.change : context.change),
      close: ({ context, event }) => (event.type === 'CLOSE' ? event.close : context.close),
    }),
    noteReason: assign({
      reason: ({ context, event }) => (event.type === 'ENDED' ? event.reason : context.reason),
    }),
  },
  actors: {
    adjust: fromPromise<StepResult, AdjustInput>(async () => ({
      kind: 'unknown',
    })),
    close: fromPromise<StepResult, CloseInput>(async () => ({
      kind: 'unknown',
    })),
  },
}).createMachine({
  id: 'contractPosition',
  context: ({ input }) => ({
    id: input.id,
    message: null,
    uncertain: false,
    reason: null,
    change: null,
    close: null,
  }),
  initial: 'open',
  states: {
    open: {
      on: {
        ...end,
        ADJUST: { target: 'adjusting', actions: 'holdStep' },
        CLOSE: { target: 'closing', actions: 'holdStep' },
        DISMISS: { actions: 'clearNotes' },
      },
    },
    adjusting: {
      entry: 'clearNotes',
      on: end,
      invoke: {
        src: 'adjust',
        input: ({ context }) => ({
          id: context.id,
          change: context.change,
        }),
        onDone: {
          target: 'open',
          actions: { type: 'noteOutcome', params: ({ event }) => event.output },
        },
        onError: { target: 'open', actions: 'noteUnanswered' },
      },
    },
    closing: {
      entry: 'clearNotes',
      on: end,
      invoke: {
        src: 'close',
        input: ({ context }) => ({
          id: context.id,
          close: context.close,
        }),
        // A close that rests, or closes part, leaves the position open; the channel says the rest.
        onDone: {
          target: 'open',
          actions: { type: 'noteOutcome', params: ({ event }) => event.output },
        },
        onError: { target: 'open', actions: 'noteUnanswered' },
      },
    },
    /** Routes to how it ended. */
    ended: {
      always: [
        { guard: ({ context }) => forced(context.reason), target: 'liquidated' },
        { target: 'closed' },
      ],
    },
    closed: {
      // The history may name the reason after the channel said it closed.
      on: {
        ENDED: {
          guard: ({ event }) => forced(event.reason),
          target: 'liquidated',
          actions: 'noteReason',
        },
        DISMISS: 'dismissed',
      },
    },
    liquidated: { on: { DISMISS: 'dismissed' } },
    dismissed: { type: 'final' },
  },
});
