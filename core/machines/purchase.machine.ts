// A money-moving form on the client, as the pre-sale subscription and the fixed-term products have
// it: an amount being typed; Buy tapped, which checks the amount and, when the form asks for it,
// waits for the user to confirm what was shown (an early withdrawal's exact amount); then sends it;
// then it is done, or the server's refusal in the user's language, or no answer (sending again
// reuses the idempotency key). The amount stays after a purchase. Effects are named actors, swapped
// in tests with `.provide()`; each product makes its own machine from this (its id, the rules its
// checks name, whether it confirms).
import { assign, fromPromise, setup } from 'xstate';

/** An amount problem with what its message names, already formatted for the user. */
export interface PurchaseFormProblem<Rule extends string> {
  rule: Rule;
  params?: Readonly<Record<string, string | number>>;
}

export type PurchaseCheck<Rule extends string> =
  | { ok: true }
  | { ok: false; problem: PurchaseFormProblem<Rule> };

export type PurchaseResult =
  /** The server's record of it: a project's id (a commitment) or an order's id. */
  | { kind: 'bought'; id: number }
  /** The server refused it: its message, already in the user's language. */
  | { kind: 'rejected'; message: string }
  /** No answer: it may or may not have been made. A retry sends the same idempotency key. */
  | { kind: 'unknown' };

export type PurchaseEvent =
  | { type: 'AMOUNT'; value: string }
  | { type: 'BUY' }
  /** The shown figures confirmed, or not (forms that confirm). */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface PurchaseContext<Rule extends string> {
  /** As typed. */
  amount: string;
  problem: PurchaseFormProblem<Rule> | null;
  /** What the last purchase made. */
  bought: number | null;
  message: string | null;
}

export interface PurchaseInput {
  amount: string;
}

export function purchaseMachine<Rule extends string>(id: string, options = { confirms: false }) {
  type Check = PurchaseCheck<Rule>;
  const amountOf = ({ context }: { context: PurchaseContext<Rule> }) => ({
    amount: context.amount,
  });
  const edit = { AMOUNT: { target: `#${id}.editing`, actions: 'edit' } } as const;
  const buy = { BUY: `#${id}.validating` } as const;
  return setup({
    types: {
      context: {} as PurchaseContext<Rule>,
      events: {} as PurchaseEvent,
      input: {} as Partial<PurchaseInput> | undefined,
    },
    actors: {
      check: fromPromise<Check, PurchaseInput>(async () => ({ ok: true })),
      buy: fromPromise<PurchaseResult, PurchaseInput>(async () => ({ kind: 'unknown' })),
    },
    actions: {
      edit: assign({
        amount: ({ context, event }) => (event.type === 'AMOUNT' ? event.value : context.amount),
        problem: null,
      }),
      noteProblem: assign((_, check: Check) => ({ problem: check.ok ? null : check.problem })),
      noteOutcome: assign((_, result: PurchaseResult) => ({
        bought: result.kind === 'bought' ? result.id : null,
        message: result.kind === 'rejected' ? result.message : null,
      })),
    },
    guards: {
      refused: (_, check: Check) => !check.ok,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      amount: input?.amount ?? '',
      problem: null,
      bought: null,
      message: null,
    }),
    initial: 'editing',
    states: {
      editing: { on: { ...edit, ...buy } },
      validating: {
        invoke: {
          src: 'check',
          input: amountOf,
          onDone: [
            {
              guard: { type: 'refused', params: ({ event }) => event.output },
              target: 'editing',
              actions: { type: 'noteProblem', params: ({ event }) => event.output },
            },
            { guard: () => options.confirms, target: 'confirming' },
            { target: 'submitting' },
          ],
          onError: 'editing',
        },
      },
      /** What will be sent is shown once more; nothing is sent before the user confirms. */
      confirming: { on: { CONFIRM: 'submitting', CANCEL: 'editing' } },
      submitting: {
        invoke: {
          src: 'buy',
          input: amountOf,
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
      /** Routes to what the answer said: made, refused, or nothing that could be read. */
      answered: {
        always: [
          { guard: ({ context }) => context.bought !== null, target: 'bought' },
          { guard: ({ context }) => context.message !== null, target: 'rejected' },
          { target: 'uncertain' },
        ],
      },
      /** Sent, no answer: sending the same amount again reuses its key. */
      uncertain: { on: { ...edit, RETRY: 'submitting', BUY: 'submitting' } },
      rejected: { on: { ...edit, ...buy } },
      bought: { on: { ...edit, ...buy } },
    },
  });
}
