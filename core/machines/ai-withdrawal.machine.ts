// An early withdrawal of a fixed-term order on the client: shown with the exact amount it returns
// (core/ai/schedule.ts `earlyWithdrawal`); Withdraw asks to confirm; confirmed, it is sent with one
// idempotency key per intent; then withdrawn (with what the server returned), refused in the user's
// language, or unanswered (sending again reuses the key). Effects are named actors, swapped in
// tests with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';

export type WithdrawalResult =
  /** What the withdrawal returned, as the server recorded it (an exact decimal). */
  | { kind: 'withdrawn'; returned: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'unknown' };

export type WithdrawalEvent =
  | { type: 'WITHDRAW' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface WithdrawalContext {
  returned: string | null;
  message: string | null;
}

export const aiWithdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    withdraw: fromPromise<WithdrawalResult>(async () => ({ kind: 'unknown' })),
  },
  actions: {
    noteOutcome: assign((_, result: WithdrawalResult) => ({
      returned: result.kind === 'withdrawn' ? result.returned : null,
      message: result.kind === 'rejected' ? result.message : null,
    })),
  },
}).createMachine({
  id: 'aiWithdrawal',
  context: { returned: null, message: null },
  initial: 'idle',
  states: {
    idle: { on: { WITHDRAW: 'confirming' } },
    /** The exact amount is shown once more; nothing is sent before the user confirms. */
    confirming: { on: { CONFIRM: 'sending', CANCEL: 'idle' } },
    sending: {
      invoke: {
        src: 'withdraw',
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
    answered: {
      always: [
        { guard: ({ context }) => context.returned !== null, target: 'withdrawn' },
        { guard: ({ context }) => context.message !== null, target: 'rejected' },
        { target: 'uncertain' },
      ],
    },
    /** Sent, no answer: sending again reuses its key, so it runs at most once. */
    uncertain: { on: { RETRY: 'sending' } },
    rejected: { on: { WITHDRAW: 'confirming' } },
    withdrawn: { type: 'final' },
  },
});

export type WithdrawalState =
  | 'idle'
  | 'confirming'
  | 'sending'
  | 'uncertain'
  | 'rejected'
  | 'withdrawn';
